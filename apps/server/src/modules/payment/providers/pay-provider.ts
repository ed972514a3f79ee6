/**
 * WeChat Pay as an adapter (JSAPI, API v3). The sandbox plays it locally; the WeChat adapter talks
 * to WeChat (or the fake WeChat server in tests) at a configured base URL. Every method that goes
 * over the network is called outside any database transaction.
 */
export interface ClientPaySignature {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  /** `prepay_id=...`, named packageValue on our wire as spec §3 does. */
  packageValue: string;
  signType: 'RSA';
  paySign: string;
}

export type PaymentState =
  'SUCCESS' | 'NOTPAY' | 'CLOSED' | 'USERPAYING' | 'PAYERROR' | 'REFUND' | 'REVOKED';

export interface PaymentResult {
  outTradeNo: string;
  /** WeChat's transaction id; notifications are keyed by it and safe to replay. */
  transactionId: string | null;
  state: PaymentState;
  amountFen: number;
  payerOpenid: string | null;
  successAt: Date | null;
}

/** WeChat's refund status (the refund call's `status`, a notice's `refund_status`). */
export type RefundState = 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED';

export interface RefundResult {
  outRefundNo: string;
  refundId: string;
  state: RefundState;
}

/** A verified, decrypted REFUND.* notification: the refund's final state and its amounts. */
export interface RefundNoticeResult extends RefundResult {
  outTradeNo: string;
  refundFen: number;
  totalFen: number;
}

/** What a verified notification reports: a payment (TRANSACTION.*) or a refund (REFUND.*). */
export type ProviderNotice =
  { kind: 'payment'; payment: PaymentResult } | { kind: 'refund'; refund: RefundNoticeResult };

export interface PayProvider {
  mode: 'sandbox' | 'wechat';
  /** /v3/pay/transactions/jsapi: returns the prepay id. `expiresAt` is WeChat's time_expire. */
  createJsapiTransaction(input: {
    outTradeNo: string;
    description: string;
    amountFen: number;
    payerOpenid: string;
    expiresAt: Date;
    notifyUrl: string;
  }): Promise<{ prepayId: string }>;
  /**
   * /v3/pay/transactions/native (the box office's QR): returns the code_url the customer scans.
   * The same out_trade_no again answers the same code_url while it can still be paid.
   */
  createNativeTransaction(input: {
    outTradeNo: string;
    description: string;
    amountFen: number;
    expiresAt: Date;
    notifyUrl: string;
  }): Promise<{ codeUrl: string }>;
  /** The fields the page hands to WeixinJSBridge / wx.chooseWXPay, signed. */
  signForClient(prepayId: string): ClientPaySignature;
  /**
   * Verify a notify request (signature headers, timestamp) and decrypt its resource: a payment's
   * (TRANSACTION.SUCCESS) or a refund's (REFUND.SUCCESS / ABNORMAL / CLOSED). Throws when forged.
   */
  parseNotification(
    headers: Record<string, string | undefined>,
    rawBody: string,
  ): Promise<ProviderNotice>;
  /** Ask for a payment's state when no notification came in time. */
  queryByOutTradeNo(outTradeNo: string): Promise<PaymentResult>;
  /** Close an unpaid transaction so it can no longer be paid. */
  close(outTradeNo: string): Promise<void>;
  /** /v3/refund/domestic/refunds keyed by out_refund_no (safe to repeat). */
  refund(input: {
    outTradeNo: string;
    outRefundNo: string;
    refundFen: number;
    totalFen: number;
    reason: string;
    /** Where WeChat posts the REFUND.* notice (the payments' notify URL). */
    notifyUrl: string;
  }): Promise<RefundResult>;
  /**
   * GET /v3/refund/domestic/refunds/{out_refund_no}: a refund's state, asked for instead of sending
   * the refund again. A refund WeChat never received throws RESOURCE_NOT_EXISTS.
   */
  queryRefund(outRefundNo: string): Promise<RefundResult>;
}
