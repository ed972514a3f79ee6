import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/errors.js';
import {
  authorizationHeader,
  clientPaySign,
  decryptResource,
  toBeijingRfc3339,
  verifySha256Rsa,
  wechatMessage,
  wechatNonce,
  type EncryptedResource,
} from '../../../lib/wechat/wechat-crypto.js';
import {
  keyForRequests,
  keyForSerial,
  type WechatPlatformKey,
} from '../../../lib/wechat/platform-keys.js';
import { cutToUtf8Bytes } from '../../../lib/wechat/wechat-text.js';
import {
  wechatRequest,
  WechatUnreachableError,
  type WechatEndpoints,
} from '../../../lib/wechat/wechat-http.js';
import type { SiteRow } from '../../site/index.js';
import type {
  PayProvider,
  PaymentResult,
  PaymentState,
  RefundNoticeResult,
  RefundState,
} from './pay-provider.js';
import { PayProviderError } from './pay-provider-error.js';

/** WeChat's notifications and answers older (or newer) than this are refused as replays. */
export const WECHAT_MAX_CLOCK_SKEW_SECONDS = 300;

/** WeChat Pay's limits of the prepay `description` and the refund `reason`, in UTF-8 bytes. */
export const WECHAT_DESCRIPTION_MAX_BYTES = 127;
export const WECHAT_REFUND_REASON_MAX_BYTES = 80;

export interface WechatPayConfig {
  endpoints: WechatEndpoints;
  clock: Clock;
}

/** What a site needs for WeChat Pay, read from its row (0006-wechat) and its platform keys (0047). */
interface Merchant {
  appId: string;
  mchid: string;
  serialNo: string;
  privateKeyPem: string;
  apiV3Key: string;
  platformKeys: readonly WechatPlatformKey[];
}

function merchantOf(site: SiteRow): Merchant {
  const missing = (
    [
      ['wechat_mch_id', site.wechat_mch_id],
      ['wechat_pay_serial_no', site.wechat_pay_serial_no],
      ['wechat_pay_private_key', site.wechat_pay_private_key],
      ['wechat_pay_api_v3_key', site.wechat_pay_api_v3_key],
      ['a WeChat Pay platform key', site.wechatPayPlatformKeys.length > 0],
    ] as const
  ).filter(([, value]) => !value);
  if (missing.length > 0) {
    throw new AppError('PAYMENT_PROVIDER_FAILED', {
      reason: `site ${site.code} lacks ${missing.map(([name]) => name).join(', ')}`,
    });
  }
  return {
    appId: site.wechat_app_id,
    mchid: site.wechat_mch_id!,
    serialNo: site.wechat_pay_serial_no!,
    privateKeyPem: site.wechat_pay_private_key!,
    apiV3Key: site.wechat_pay_api_v3_key!,
    platformKeys: site.wechatPayPlatformKeys,
  };
}

/** The transaction resource of query answers and TRANSACTION.* notifications. */
interface WechatTransaction {
  out_trade_no: string;
  transaction_id?: string;
  trade_state: PaymentState;
  success_time?: string;
  payer?: { openid?: string };
  amount?: { total?: number; payer_total?: number };
}

function resultOf(transaction: WechatTransaction): PaymentResult {
  return {
    outTradeNo: transaction.out_trade_no,
    transactionId: transaction.transaction_id || null,
    state: transaction.trade_state,
    amountFen: transaction.amount?.total ?? 0,
    payerOpenid: transaction.payer?.openid ?? null,
    successAt: transaction.success_time ? new Date(transaction.success_time) : null,
  };
}

/** The refund resource of refund answers, refund queries and REFUND.* notifications. */
interface WechatRefund {
  out_refund_no: string;
  refund_id: string;
  out_trade_no?: string;
  /** The refund call's and the query's field. */
  status?: RefundState;
  /** The notification's field. */
  refund_status?: RefundState;
  amount?: { refund?: number; total?: number };
}

function refundResultOf(refund: WechatRefund): RefundNoticeResult {
  const state = refund.status ?? refund.refund_status;
  if (!state || !['SUCCESS', 'PROCESSING', 'ABNORMAL', 'CLOSED'].includes(state)) {
    throw new PayProviderError('SYSTEM_ERROR', `unknown refund status ${String(state)}`);
  }
  return {
    outRefundNo: refund.out_refund_no,
    refundId: refund.refund_id,
    state,
    outTradeNo: refund.out_trade_no ?? '',
    refundFen: refund.amount?.refund ?? 0,
    totalFen: refund.amount?.total ?? 0,
  };
}

function header(headers: Record<string, string | undefined>, name: string): string {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return value ?? '';
  }
  return '';
}

/**
 * WeChat Pay API v3, JSAPI payments, as WeChat documents them: every request signed with the
 * merchant's key (the Authorization header) and naming the newest platform key (Wechatpay-Serial);
 * every answer, refusals included, and every notification verified with the platform key its
 * Wechatpay-Serial names (several are valid during a rotation); notification resources decrypted
 * with the APIv3 key. The base URL comes from configuration, so the tests run this code unchanged
 * against the fake WeChat server.
 */
export function createWechatPayProvider(site: SiteRow, config: WechatPayConfig): PayProvider {
  const merchant = merchantOf(site);
  const { clock, endpoints } = config;
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  /** Check WeChat's signature headers over `timestamp\nnonce\nbody\n`; throws SIGN_ERROR. */
  function verifyWechatSignature(headers: Record<string, string | undefined>, body: string): void {
    const timestamp = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    const signature = header(headers, 'wechatpay-signature');
    const serial = header(headers, 'wechatpay-serial');
    if (!timestamp || !nonce || !signature || !serial) {
      throw new PayProviderError('SIGN_ERROR', 'signature headers missing');
    }
    const found = keyForSerial(merchant.platformKeys, serial, clock.now());
    if ('problem' in found) throw new PayProviderError('SIGN_ERROR', found.problem);
    const skew = Math.abs(nowSeconds() - Number(timestamp));
    if (!/^\d+$/.test(timestamp) || skew > WECHAT_MAX_CLOCK_SKEW_SECONDS) {
      throw new PayProviderError('SIGN_ERROR', `timestamp ${timestamp} is ${skew} s away`);
    }
    if (
      !verifySha256Rsa(found.key.publicKeyPem, wechatMessage(timestamp, nonce, body), signature)
    ) {
      throw new PayProviderError('SIGN_ERROR', 'signature does not match');
    }
  }

  /**
   * One signed API v3 call. Every answer must carry WeChat's valid signature, a refusal too: its
   * code drives decisions (ORDER_NOT_EXIST closes a payment), so an unsigned one is UNVERIFIED_ANSWER.
   */
  async function call<T>(
    method: 'GET' | 'POST',
    pathWithQuery: string,
    payload?: Record<string, unknown>,
  ): Promise<{ status: number; data: T | null }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const platformKey = keyForRequests(merchant.platformKeys, clock.now());
    if (!platformKey) {
      throw new AppError('PAYMENT_PROVIDER_FAILED', {
        reason: `site ${site.code} has no WeChat Pay platform key valid now`,
      });
    }
    const authorization = authorizationHeader({
      mchid: merchant.mchid,
      serialNo: merchant.serialNo,
      privateKeyPem: merchant.privateKeyPem,
      method,
      pathWithQuery,
      timestamp: nowSeconds(),
      nonce: wechatNonce(),
      body,
    });
    let answer;
    try {
      answer = await wechatRequest(endpoints, 'pay', {
        method,
        pathWithQuery,
        headers: {
          authorization,
          'wechatpay-serial': platformKey.serial,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: payload === undefined ? undefined : body,
      });
    } catch (error) {
      if (error instanceof WechatUnreachableError)
        throw new PayProviderError('NETWORK', error.message);
      throw error;
    }
    const headers = Object.fromEntries(answer.headers.entries());
    if (answer.status < 200 || answer.status >= 300) {
      let code = `HTTP_${answer.status}`;
      let message = answer.text.slice(0, 200);
      try {
        const failure = JSON.parse(answer.text) as { code?: string; message?: string };
        code = failure.code ?? code;
        message = failure.message ?? message;
      } catch {
        // not JSON: keep the status and the text
      }
      try {
        verifyWechatSignature(headers, answer.text);
      } catch (error) {
        throw new PayProviderError(
          'UNVERIFIED_ANSWER',
          `HTTP ${answer.status} ${code} not signed by WeChat Pay (${(error as Error).message})`,
        );
      }
      throw new PayProviderError(code, message);
    }
    verifyWechatSignature(headers, answer.text);
    return { status: answer.status, data: answer.text ? (JSON.parse(answer.text) as T) : null };
  }

  const tradePath = (outTradeNo: string) =>
    `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}`;

  return {
    mode: 'wechat',

    async createJsapiTransaction(input) {
      const { data } = await call<{ prepay_id: string }>('POST', '/v3/pay/transactions/jsapi', {
        appid: merchant.appId,
        mchid: merchant.mchid,
        description: cutToUtf8Bytes(input.description, WECHAT_DESCRIPTION_MAX_BYTES),
        out_trade_no: input.outTradeNo,
        time_expire: toBeijingRfc3339(input.expiresAt),
        notify_url: input.notifyUrl,
        amount: { total: input.amountFen, currency: 'CNY' },
        payer: { openid: input.payerOpenid },
      });
      if (!data?.prepay_id)
        throw new PayProviderError('SYSTEM_ERROR', 'no prepay_id in the answer');
      return { prepayId: data.prepay_id };
    },

    async createNativeTransaction(input) {
      const { data } = await call<{ code_url: string }>('POST', '/v3/pay/transactions/native', {
        appid: merchant.appId,
        mchid: merchant.mchid,
        description: cutToUtf8Bytes(input.description, WECHAT_DESCRIPTION_MAX_BYTES),
        out_trade_no: input.outTradeNo,
        time_expire: toBeijingRfc3339(input.expiresAt),
        notify_url: input.notifyUrl,
        amount: { total: input.amountFen, currency: 'CNY' },
      });
      if (!data?.code_url) throw new PayProviderError('SYSTEM_ERROR', 'no code_url in the answer');
      return { codeUrl: data.code_url };
    },

    signForClient(prepayId) {
      const timeStamp = String(nowSeconds());
      const nonceStr = wechatNonce(32);
      const packageValue = `prepay_id=${prepayId}`;
      const paySign = clientPaySign(merchant.privateKeyPem, {
        appId: merchant.appId,
        timeStamp,
        nonceStr,
        package: packageValue,
      });
      return { appId: merchant.appId, timeStamp, nonceStr, packageValue, signType: 'RSA', paySign };
    },

    async parseNotification(headers, rawBody) {
      verifyWechatSignature(headers, rawBody);
      let notice: { event_type?: string; resource?: EncryptedResource };
      try {
        notice = JSON.parse(rawBody) as typeof notice;
      } catch {
        throw new PayProviderError('BAD_NOTIFICATION', 'body is not JSON');
      }
      const type = notice.resource?.original_type;
      if (!notice.resource || (type !== 'transaction' && type !== 'refund')) {
        throw new PayProviderError(
          'BAD_NOTIFICATION',
          `not a transaction or refund notice: ${notice.event_type}`,
        );
      }
      let plain: (WechatTransaction | WechatRefund) & { mchid?: string; appid?: string };
      try {
        plain = JSON.parse(decryptResource(merchant.apiV3Key, notice.resource)) as typeof plain;
      } catch {
        throw new PayProviderError(
          'BAD_NOTIFICATION',
          'resource does not decrypt with the APIv3 key',
        );
      }
      // A refund notice names the merchant only (WeChat's refund resource has no appid).
      if (
        plain.mchid !== merchant.mchid ||
        (type === 'transaction' && plain.appid !== merchant.appId)
      ) {
        throw new PayProviderError('BAD_NOTIFICATION', 'notice is for another merchant or app');
      }
      if (type === 'refund') {
        return { kind: 'refund', refund: refundResultOf(plain as WechatRefund) };
      }
      return { kind: 'payment', payment: resultOf(plain as WechatTransaction) };
    },

    async queryByOutTradeNo(outTradeNo) {
      const { data } = await call<WechatTransaction>(
        'GET',
        `${tradePath(outTradeNo)}?mchid=${encodeURIComponent(merchant.mchid)}`,
      );
      if (!data) throw new PayProviderError('SYSTEM_ERROR', 'empty query answer');
      return resultOf(data);
    },

    async close(outTradeNo) {
      await call('POST', `${tradePath(outTradeNo)}/close`, { mchid: merchant.mchid });
    },

    async refund(input) {
      const { data } = await call<WechatRefund>('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: input.outTradeNo,
        out_refund_no: input.outRefundNo,
        reason: cutToUtf8Bytes(input.reason, WECHAT_REFUND_REASON_MAX_BYTES),
        notify_url: input.notifyUrl,
        amount: { refund: input.refundFen, total: input.totalFen, currency: 'CNY' },
      });
      if (!data) throw new PayProviderError('SYSTEM_ERROR', 'empty refund answer');
      const { outRefundNo, refundId, state } = refundResultOf(data);
      return { outRefundNo, refundId, state };
    },

    async queryRefund(outRefundNo) {
      const { data } = await call<WechatRefund>(
        'GET',
        `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`,
      );
      if (!data) throw new PayProviderError('SYSTEM_ERROR', 'empty refund query answer');
      const { refundId, state } = refundResultOf(data);
      return { outRefundNo: data.out_refund_no, refundId, state };
    },
  };
}
