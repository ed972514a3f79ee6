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

export interface RefundResult {
  outRefundNo: string;
  refundId: string;
  state: 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED';
}

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
  /** The fields the page hands to WeixinJSBridge / wx.chooseWXPay, signed. */
  signForClient(prepayId: string): ClientPaySignature;
  /** Verify a notify request (signature headers, timestamp) and decrypt its resource. Throws when forged. */
  parseNotification(
    headers: Record<string, string | undefined>,
    rawBody: string,
  ): Promise<PaymentResult>;
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
  }): Promise<RefundResult>;
}
