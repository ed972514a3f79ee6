import { randomBytes } from 'node:crypto';
import type { Clock } from '../../lib/clock.js';
import {
  encryptResource,
  parseAuthorization,
  signingMessage,
  signSha256Rsa,
  toBeijingRfc3339,
  verifySha256Rsa,
  wechatMessage,
  wechatNonce,
} from '../../lib/wechat/wechat-crypto.js';

/** What the fake answers: status, JSON (or nothing) and WeChat's signature headers. */
export interface FakeAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface FakeMerchant {
  mchid: string;
  appId: string;
  serialNo: string;
  publicKeyPem: string;
  apiV3Key: string;
}

export interface FakePlatform {
  serial: string;
  privateKeyPem: string;
}

export interface FakeTransaction {
  mchid: string;
  appid: string;
  out_trade_no: string;
  description: string;
  notify_url: string;
  time_expire: string;
  amount_fen: number;
  payer_openid: string;
  prepay_id: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transaction_id: string | null;
  success_at: Date | null;
  refunded_fen: number;
  /** JSAPI unless opened by /v3/pay/transactions/native. */
  trade_type?: 'JSAPI' | 'NATIVE';
}

export type FakeRefundStatus = 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED';

/** WeChat's refund resource (refund answer, refund query answer). */
export interface FakeRefund {
  refund_id: string;
  out_refund_no: string;
  transaction_id: string | null;
  out_trade_no: string;
  channel: 'ORIGINAL';
  user_received_account: string;
  status: FakeRefundStatus;
  create_time: string;
  success_time?: string;
  amount: {
    refund: number;
    total: number;
    payer_refund: number;
    payer_total: number;
    currency: 'CNY';
  };
}

/** Who scans and pays a Native QR: WeChat names the payer only once paid. */
const NATIVE_PAYER = 'o-native-payer';

const fail = (status: number, code: string, message: string): FakeAnswer => ({
  status,
  body: { code, message },
});

/**
 * WeChat Pay API v3's JSAPI subset as the fake plays it: every request's Authorization header is
 * checked against the merchant's public key, answers (refusals too) are signed with a platform
 * key, and paid transactions produce notifications signed and encrypted as WeChat's are.
 *
 * Platform keys: the constructor's, and any `addPlatformKey` adds (a rotation's overlap). An
 * answer is signed with the key the request's Wechatpay-Serial names (WeChat's public-key mode),
 * else the first key, unless `answerSerial` forces one (WeChat not yet switched); notices with
 * `noticeSerial` (WeChat picks per notice during a rotation), else the first key.
 */
export class FakeWechatPay {
  readonly merchants = new Map<string, FakeMerchant>();
  readonly transactions = new Map<string, FakeTransaction>();
  /** Refunds by out_refund_no, as the refund call and the refund query answer them. */
  readonly refunds = new Map<string, FakeRefund>();
  /** Where each refund's REFUND.* notice goes (the refund request's notify_url). */
  private readonly refundNotifyUrls = new Map<string, string>();
  /** Bodies of accepted requests, for assertions (time_expire, amounts), with their headers. */
  readonly requests: {
    method: string;
    path: string;
    body: unknown;
    headers: Record<string, string>;
  }[] = [];
  /** The platform keys by serial; the first is WeChat's default. */
  readonly platformKeys = new Map<string, FakePlatform>();
  /** Sign every answer with this serial whatever the request names (null: as described above). */
  answerSerial: string | null = null;
  /** Sign notices with this serial (null: the first key). */
  noticeSerial: string | null = null;
  /** What a new refund's answer says; PROCESSING leaves the outcome to `settleRefund`. */
  refundStatus: FakeRefundStatus = 'SUCCESS';

  constructor(
    private readonly clock: Clock,
    platform: FakePlatform,
  ) {
    this.platformKeys.set(platform.serial, platform);
  }

  /** WeChat starts signing with another platform key too (a new certificate or public key). */
  addPlatformKey(platform: FakePlatform): void {
    this.platformKeys.set(platform.serial, platform);
  }

  private platformKey(serial: string | null | undefined): FakePlatform {
    const first = this.platformKeys.values().next().value!;
    return (serial ? this.platformKeys.get(serial) : undefined) ?? first;
  }

  handle(
    method: string,
    pathWithQuery: string,
    headers: Record<string, string>,
    body: string,
  ): FakeAnswer {
    const serial = this.answerSerial ?? headers['wechatpay-serial'];
    const caller = this.authenticate(method, pathWithQuery, headers, body);
    if ('status' in caller) return this.signed(caller, serial);
    let payload: Record<string, unknown> = {};
    if (body) {
      try {
        payload = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return this.signed(fail(400, 'PARAM_ERROR', '请求体不是合法的JSON'), serial);
      }
    }
    this.requests.push({ method, path: pathWithQuery, body: payload, headers });
    return this.signed(this.route(caller, method, pathWithQuery, payload), serial);
  }

  private authenticate(
    method: string,
    pathWithQuery: string,
    headers: Record<string, string>,
    body: string,
  ): FakeMerchant | FakeAnswer {
    const fields = parseAuthorization(headers.authorization);
    const merchant = fields?.mchid ? this.merchants.get(fields.mchid) : undefined;
    if (!fields || !merchant) return fail(401, 'SIGN_ERROR', 'Authorization 头缺失或商户号不存在');
    if (fields.serial_no !== merchant.serialNo)
      return fail(401, 'SIGN_ERROR', '商户证书序列号错误');
    const skew = Math.abs(Math.floor(this.clock.now().getTime() / 1000) - Number(fields.timestamp));
    if (!(skew <= 300)) return fail(401, 'SIGN_ERROR', '请求时间戳已过期');
    const message = signingMessage([
      method,
      pathWithQuery,
      fields.timestamp ?? '',
      fields.nonce_str ?? '',
      body,
    ]);
    if (!verifySha256Rsa(merchant.publicKeyPem, message, fields.signature ?? '')) {
      return fail(401, 'SIGN_ERROR', '签名错误');
    }
    return merchant;
  }

  private route(
    merchant: FakeMerchant,
    method: string,
    pathWithQuery: string,
    payload: Record<string, unknown>,
  ): FakeAnswer {
    const [path = '', search = ''] = pathWithQuery.split('?');
    const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path);
    if (method === 'POST' && path === '/v3/pay/transactions/jsapi')
      return this.createJsapi(merchant, payload);
    if (method === 'POST' && path === '/v3/pay/transactions/native')
      return this.createNative(merchant, payload);
    if (method === 'GET' && byNo && !byNo[2]) {
      if (new URLSearchParams(search).get('mchid') !== merchant.mchid) {
        return fail(400, 'PARAM_ERROR', 'mchid 与请求商户不一致');
      }
      return this.query(merchant, decodeURIComponent(byNo[1]!));
    }
    if (method === 'POST' && byNo?.[2]) return this.close(merchant, decodeURIComponent(byNo[1]!));
    if (method === 'POST' && path === '/v3/refund/domestic/refunds')
      return this.refund(merchant, payload);
    const refundNo = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && refundNo)
      return this.queryRefund(merchant, decodeURIComponent(refundNo[1]!));
    return fail(404, 'NOT_FOUND', `${method} ${path}`);
  }

  private createJsapi(merchant: FakeMerchant, p: Record<string, unknown>): FakeAnswer {
    const amount = p.amount as { total?: unknown; currency?: unknown } | undefined;
    const payer = p.payer as { openid?: unknown } | undefined;
    const timeExpire = typeof p.time_expire === 'string' ? p.time_expire : '';
    const problems = [
      p.appid !== merchant.appId && 'appid',
      p.mchid !== merchant.mchid && 'mchid',
      !(typeof p.out_trade_no === 'string' && /^[\w*|-]{6,32}$/.test(p.out_trade_no)) &&
        'out_trade_no',
      !(
        typeof p.description === 'string' &&
        p.description &&
        Buffer.byteLength(p.description) <= 127
      ) && 'description',
      !(typeof p.notify_url === 'string' && /^https?:\/\//.test(p.notify_url)) && 'notify_url',
      !(Number.isInteger(amount?.total) && Number(amount?.total) > 0) && 'amount.total',
      !(typeof payer?.openid === 'string' && payer.openid) && 'payer.openid',
      !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/.test(timeExpire) && 'time_expire',
    ].filter(Boolean);
    if (problems.length > 0) return fail(400, 'PARAM_ERROR', `参数错误: ${problems.join(', ')}`);
    const outTradeNo = p.out_trade_no as string;
    const existing = this.transactions.get(outTradeNo);
    if (existing) {
      if (existing.state === 'SUCCESS' || existing.state === 'REFUND')
        return fail(400, 'ORDERPAID', '该订单已支付');
      if (existing.state === 'CLOSED') return fail(400, 'ORDER_CLOSED', '订单已关闭');
      return { status: 200, body: { prepay_id: existing.prepay_id } };
    }
    const transaction: FakeTransaction = {
      mchid: merchant.mchid,
      appid: merchant.appId,
      out_trade_no: outTradeNo,
      description: p.description as string,
      notify_url: p.notify_url as string,
      time_expire: timeExpire,
      amount_fen: Number(amount?.total),
      payer_openid: payer?.openid as string,
      prepay_id: `wx${randomBytes(14).toString('hex')}`,
      state: 'NOTPAY',
      transaction_id: null,
      success_at: null,
      refunded_fen: 0,
    };
    this.transactions.set(outTradeNo, transaction);
    return { status: 200, body: { prepay_id: transaction.prepay_id } };
  }

  /**
   * /v3/pay/transactions/native: the jsapi fields without a payer; answers `{ code_url }`
   * (weixin://wxpay/bizpayurl?pr=...), the same one again for the same unpaid out_trade_no.
   */
  private createNative(merchant: FakeMerchant, p: Record<string, unknown>): FakeAnswer {
    if (p.payer !== undefined) return fail(400, 'PARAM_ERROR', '参数错误: payer');
    const answer = this.createJsapi(merchant, { ...p, payer: { openid: NATIVE_PAYER } });
    if (answer.status !== 200) return answer;
    const t = this.transactions.get(p.out_trade_no as string)!;
    t.trade_type = 'NATIVE';
    return {
      status: 200,
      body: { code_url: `weixin://wxpay/bizpayurl?pr=${t.prepay_id.slice(2, 12)}` },
    };
  }

  private isLapsed(transaction: FakeTransaction): boolean {
    return transaction.state === 'NOTPAY' && this.clock.now() > new Date(transaction.time_expire);
  }

  private query(merchant: FakeMerchant, outTradeNo: string): FakeAnswer {
    const t = this.transactions.get(outTradeNo);
    if (!t || t.mchid !== merchant.mchid) return fail(404, 'ORDER_NOT_EXIST', '订单不存在');
    return { status: 200, body: this.resourceOf(t) };
  }

  private close(merchant: FakeMerchant, outTradeNo: string): FakeAnswer {
    const t = this.transactions.get(outTradeNo);
    if (!t || t.mchid !== merchant.mchid) return fail(404, 'ORDER_NOT_EXIST', '订单不存在');
    if (t.state === 'SUCCESS' || t.state === 'REFUND')
      return fail(400, 'ORDERPAID', '该订单已支付');
    t.state = 'CLOSED';
    return { status: 204, body: null };
  }

  private refund(merchant: FakeMerchant, p: Record<string, unknown>): FakeAnswer {
    const outRefundNo = typeof p.out_refund_no === 'string' ? p.out_refund_no : '';
    const amount = p.amount as { refund?: number; total?: number } | undefined;
    const earlier = this.refunds.get(outRefundNo);
    if (earlier) return { status: 200, body: earlier };
    const t = this.transactions.get(String(p.out_trade_no ?? ''));
    if (!outRefundNo || !t || t.mchid !== merchant.mchid)
      return fail(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    if (t.state !== 'SUCCESS' && t.state !== 'REFUND') return fail(403, 'NOT_ENOUGH', '订单未支付');
    if (amount?.total !== t.amount_fen) return fail(400, 'PARAM_ERROR', '订单金额与原订单不一致');
    const refundFen = Number(amount?.refund);
    if (!(refundFen > 0) || t.refunded_fen + refundFen > t.amount_fen) {
      return fail(403, 'NOT_ENOUGH', '退款金额超过可退金额');
    }
    t.refunded_fen += refundFen;
    t.state = 'REFUND';
    const refund: FakeRefund = {
      refund_id: `50${randomBytes(14).toString('hex')}`,
      out_refund_no: outRefundNo,
      transaction_id: t.transaction_id,
      out_trade_no: t.out_trade_no,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      status: this.refundStatus,
      create_time: toBeijingRfc3339(this.clock.now()),
      ...(this.refundStatus === 'SUCCESS'
        ? { success_time: toBeijingRfc3339(this.clock.now()) }
        : {}),
      amount: {
        refund: refundFen,
        total: t.amount_fen,
        payer_refund: refundFen,
        payer_total: t.amount_fen,
        currency: 'CNY',
      },
    };
    this.refunds.set(outRefundNo, refund);
    if (typeof p.notify_url === 'string') this.refundNotifyUrls.set(outRefundNo, p.notify_url);
    return { status: 200, body: refund };
  }

  /** GET /v3/refund/domestic/refunds/{out_refund_no}: the refund as it stands now. */
  private queryRefund(merchant: FakeMerchant, outRefundNo: string): FakeAnswer {
    const refund = this.refunds.get(outRefundNo);
    const t = refund && this.transactions.get(refund.out_trade_no);
    if (!refund || !t || t.mchid !== merchant.mchid) {
      return fail(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    }
    return { status: 200, body: refund };
  }

  /** WeChat finishes a refund it answered PROCESSING (or re-routes an abnormal one). */
  settleRefund(outRefundNo: string, status: Exclude<FakeRefundStatus, 'PROCESSING'>): FakeRefund {
    const refund = this.refunds.get(outRefundNo);
    if (!refund) throw new Error(`fake WeChat Pay: no refund ${outRefundNo}`);
    refund.status = status;
    if (status === 'SUCCESS') refund.success_time = toBeijingRfc3339(this.clock.now());
    return refund;
  }

  /**
   * The REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED notice of a refund, as WeChat posts it:
   * the `refund` resource (mchid, out_trade_no, transaction_id, out_refund_no, refund_id,
   * refund_status, success_time, user_received_account, amount) encrypted with the APIv3 key and
   * the body signed now. `tamper` changes the plaintext's fields before encryption.
   */
  refundNotification(
    outRefundNo: string,
    tamper: Record<string, unknown> = {},
  ): { headers: Record<string, string>; body: string } {
    const refund = this.refunds.get(outRefundNo);
    const t = refund && this.transactions.get(refund.out_trade_no);
    const merchant = t && this.merchants.get(t.mchid);
    if (!refund || !t || !merchant || refund.status === 'PROCESSING') {
      throw new Error(`fake WeChat Pay: refund ${outRefundNo} has no outcome yet`);
    }
    const resource = {
      mchid: merchant.mchid,
      out_trade_no: refund.out_trade_no,
      transaction_id: refund.transaction_id,
      out_refund_no: refund.out_refund_no,
      refund_id: refund.refund_id,
      refund_status: refund.status,
      ...(refund.success_time ? { success_time: refund.success_time } : {}),
      user_received_account: refund.user_received_account,
      amount: {
        total: refund.amount.total,
        refund: refund.amount.refund,
        payer_total: refund.amount.payer_total,
        payer_refund: refund.amount.payer_refund,
      },
      ...tamper,
    };
    const body = JSON.stringify({
      id: `EV-${randomBytes(10).toString('hex')}`,
      create_time: toBeijingRfc3339(this.clock.now()),
      resource_type: 'encrypt-resource',
      event_type: `REFUND.${refund.status}`,
      summary: refund.status === 'SUCCESS' ? '退款成功' : '退款异常',
      resource: encryptResource(merchant.apiV3Key, JSON.stringify(resource), {
        nonce: wechatNonce(12),
        associatedData: 'refund',
        originalType: 'refund',
      }),
    });
    return {
      headers: {
        'content-type': 'application/json',
        ...this.signatureHeaders(body, this.noticeSerial),
      },
      body,
    };
  }

  /** Post a refund's notice to the refund request's notify_url `times` times. */
  async deliverRefundNotification(outRefundNo: string, times = 1): Promise<number[]> {
    const url = this.refundNotifyUrls.get(outRefundNo);
    if (!url) throw new Error(`fake WeChat Pay: refund ${outRefundNo} named no notify_url`);
    const statuses: number[] = [];
    for (let i = 0; i < times; i += 1) {
      const { headers, body } = this.refundNotification(outRefundNo);
      statuses.push((await fetch(url, { method: 'POST', headers, body })).status);
    }
    return statuses;
  }

  /** WeChat's transaction resource (query answer, notification plaintext). */
  resourceOf(t: FakeTransaction): Record<string, unknown> {
    return {
      appid: t.appid,
      mchid: t.mchid,
      out_trade_no: t.out_trade_no,
      ...(t.transaction_id ? { transaction_id: t.transaction_id } : {}),
      trade_type: t.trade_type ?? 'JSAPI',
      trade_state: this.isLapsed(t) ? 'CLOSED' : t.state,
      trade_state_desc: t.state === 'SUCCESS' ? '支付成功' : '未支付',
      ...(t.success_at ? { success_time: toBeijingRfc3339(t.success_at) } : {}),
      payer: { openid: t.payer_openid },
      amount: {
        total: t.amount_fen,
        payer_total: t.amount_fen,
        currency: 'CNY',
        payer_currency: 'CNY',
      },
    };
  }

  /** The person pays in WeChat: the transaction succeeds (before its time_expire). */
  pay(outTradeNo: string): FakeTransaction {
    const t = this.transactions.get(outTradeNo);
    if (!t) throw new Error(`fake WeChat Pay: no transaction ${outTradeNo}`);
    if (this.isLapsed(t)) throw new Error(`fake WeChat Pay: ${outTradeNo} passed its time_expire`);
    if (t.state !== 'NOTPAY') throw new Error(`fake WeChat Pay: ${outTradeNo} is ${t.state}`);
    t.state = 'SUCCESS';
    t.transaction_id = `42000${randomBytes(12).toString('hex')}`;
    t.success_at = this.clock.now();
    return t;
  }

  /**
   * The TRANSACTION.SUCCESS notification of a paid transaction, as WeChat posts it: signed now
   * (each delivery, repeats included, is signed anew), the resource encrypted with the APIv3 key.
   */
  notification(outTradeNo: string): { headers: Record<string, string>; body: string } {
    const t = this.transactions.get(outTradeNo);
    const merchant = t && this.merchants.get(t.mchid);
    if (!t || !merchant || t.state === 'NOTPAY')
      throw new Error(`fake WeChat Pay: ${outTradeNo} is not paid`);
    const body = JSON.stringify({
      id: `EV-${randomBytes(10).toString('hex')}`,
      create_time: toBeijingRfc3339(this.clock.now()),
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: encryptResource(merchant.apiV3Key, JSON.stringify(this.resourceOf(t)), {
        nonce: wechatNonce(12),
        associatedData: 'transaction',
        originalType: 'transaction',
      }),
    });
    return {
      headers: {
        'content-type': 'application/json',
        ...this.signatureHeaders(body, this.noticeSerial),
      },
      body,
    };
  }

  /** Post the notification to the transaction's notify_url `times` times, as WeChat retries. */
  async deliverNotification(outTradeNo: string, times = 1): Promise<number[]> {
    const t = this.transactions.get(outTradeNo);
    if (!t) throw new Error(`fake WeChat Pay: no transaction ${outTradeNo}`);
    const statuses: number[] = [];
    for (let i = 0; i < times; i += 1) {
      const { headers, body } = this.notification(outTradeNo);
      statuses.push((await fetch(t.notify_url, { method: 'POST', headers, body })).status);
    }
    return statuses;
  }

  /** WeChat's signature headers over `body`, with the platform key of `serial` (else the first). */
  signatureHeaders(body: string, serial?: string | null): Record<string, string> {
    const platform = this.platformKey(serial);
    const timestamp = String(Math.floor(this.clock.now().getTime() / 1000));
    const nonce = wechatNonce(32);
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': platform.serial,
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      'wechatpay-signature': signSha256Rsa(
        platform.privateKeyPem,
        wechatMessage(timestamp, nonce, body),
      ),
    };
  }

  private signed(answer: FakeAnswer, serial?: string): FakeAnswer {
    const text = answer.body === null ? '' : JSON.stringify(answer.body);
    return { ...answer, headers: { ...answer.headers, ...this.signatureHeaders(text, serial) } };
  }
}
