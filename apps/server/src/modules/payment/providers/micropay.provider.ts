import { randomBytes, randomInt } from 'node:crypto';
import {
  micropayOutcome,
  parseV2Xml,
  signV2,
  toV2Xml,
  verifyV2,
  type MicropayOutcome,
  type V2Params,
} from '../../../lib/wechat/wechat-pay-v2.js';
import { wechatRequest, type WechatEndpoints } from '../../../lib/wechat/wechat-http.js';
import { cutToUtf8Bytes } from '../../../lib/wechat/wechat-text.js';
import type { SiteRow } from '../../site/index.js';
import { PayProviderError } from './pay-provider-error.js';
import { WECHAT_DESCRIPTION_MAX_BYTES } from './wechat-pay.provider.js';
import type { PaymentDeps } from './pay-providers.js';

/**
 * 付款码 payment (WeChat Pay API v2, signed XML): the till scans the customer's payment code.
 * Every method goes over the network and is called outside any database transaction. WeChat's
 * adapter talks to the configured pay base (the fake WeChat server in tests); a sandbox site gets
 * a local twin where payment codes starting SANDBOX_PAYING_PREFIX pay and any other is refused.
 */
export interface MicropayQuery {
  /** SUCCESS, USERPAYING, NOTPAY, PAYERROR, REVOKED, CLOSED, REFUND, or ORDERNOTEXIST. */
  state: string;
  transactionId: string | null;
  amountFen: number;
}

export interface MicropayProvider {
  micropay(input: {
    outTradeNo: string;
    description: string;
    amountFen: number;
    authCode: string;
  }): Promise<MicropayOutcome>;
  query(outTradeNo: string): Promise<MicropayQuery>;
  /** Cancel a payment that did not end in time (money taken goes back). */
  reverse(outTradeNo: string): Promise<void>;
}

/** On a sandbox site, a payment code starting with this pays; any other is refused. */
export const SANDBOX_PAYING_PREFIX = '134';

export function micropayProviderFor(deps: PaymentDeps, site: SiteRow): MicropayProvider {
  if (site.messenger_mode === 'sandbox') return sandboxMicropay();
  if (!site.wechat_mch_id || !site.wechat_pay_api_v2_key) {
    throw new PayProviderError('SYSTEM_ERROR', `site ${site.code} has no WeChat Pay API v2 key`);
  }
  return wechatMicropay(deps.wechat.endpoints, {
    appId: site.wechat_app_id,
    mchId: site.wechat_mch_id,
    apiKey: site.wechat_pay_api_v2_key,
  });
}

function wechatMicropay(
  endpoints: WechatEndpoints,
  merchant: { appId: string; mchId: string; apiKey: string },
): MicropayProvider {
  /** One signed XML call; a SUCCESS answer must carry a valid signature. */
  async function call(path: string, fields: V2Params): Promise<V2Params> {
    const params: V2Params = {
      appid: merchant.appId,
      mch_id: merchant.mchId,
      nonce_str: randomBytes(16).toString('hex'),
      ...fields,
    };
    const answer = await wechatRequest(endpoints, 'pay', {
      method: 'POST',
      pathWithQuery: path,
      headers: { 'content-type': 'text/xml' },
      body: toV2Xml({ ...params, sign: signV2(params, merchant.apiKey) }),
    });
    if (answer.status !== 200) throw new PayProviderError(`HTTP_${answer.status}`, path);
    const data = parseV2Xml(answer.text);
    if (data.return_code === 'SUCCESS' && !verifyV2(data, merchant.apiKey)) {
      throw new PayProviderError('SIGN_ERROR', `${path} answer signature does not match`);
    }
    return data;
  }

  return {
    async micropay(input) {
      const answer = await call('/pay/micropay', {
        body: cutToUtf8Bytes(input.description, WECHAT_DESCRIPTION_MAX_BYTES),
        out_trade_no: input.outTradeNo,
        total_fee: String(input.amountFen),
        spbill_create_ip: '127.0.0.1',
        auth_code: input.authCode,
      });
      return micropayOutcome(answer);
    },
    async query(outTradeNo) {
      const answer = await call('/pay/orderquery', { out_trade_no: outTradeNo });
      if (answer.return_code !== 'SUCCESS') {
        throw new PayProviderError('SYSTEM_ERROR', answer.return_msg ?? 'orderquery failed');
      }
      if (answer.result_code !== 'SUCCESS') {
        if (answer.err_code === 'ORDERNOTEXIST') {
          return { state: 'ORDERNOTEXIST', transactionId: null, amountFen: 0 };
        }
        throw new PayProviderError(answer.err_code ?? 'SYSTEM_ERROR', 'orderquery failed');
      }
      return {
        state: answer.trade_state ?? 'NOTPAY',
        transactionId: answer.transaction_id || null,
        amountFen: Number(answer.total_fee ?? 0),
      };
    },
    async reverse(outTradeNo) {
      const answer = await call('/secapi/pay/reverse', { out_trade_no: outTradeNo });
      if (answer.return_code !== 'SUCCESS' || answer.result_code !== 'SUCCESS') {
        throw new PayProviderError(answer.err_code ?? 'SYSTEM_ERROR', 'reverse failed');
      }
    },
  };
}

function sandboxMicropay(): MicropayProvider {
  return {
    async micropay(input) {
      if (input.authCode.startsWith(SANDBOX_PAYING_PREFIX)) {
        const digits = () => String(randomInt(1e9)).padStart(9, '0');
        return { kind: 'paid', transactionId: `4200${digits()}${digits()}` };
      }
      return {
        kind: 'failed',
        code: 'AUTHCODEEXPIRE',
        reason: `沙箱：以 ${SANDBOX_PAYING_PREFIX} 开头的付款码才能支付`,
      };
    },
    async query() {
      return { state: 'ORDERNOTEXIST', transactionId: null, amountFen: 0 };
    },
    async reverse() {},
  };
}
