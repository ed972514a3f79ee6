/**
 * Spec §3's payment-signing fields as the page hands them to WeChat (WeixinJSBridge
 * `getBrandWCPayRequest`) or to the sandbox's payment sheet. On its own so the two payment sheets
 * share it without importing each other.
 */
export interface PaySignFields {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  packageValue: string;
  signType: string;
  paySign: string;
  /** The server's flag: the site plays WeChat Pay with the sandbox. */
  isSandbox?: boolean;
  /** Yuan, shown by the sandbox sheet. */
  amount?: number;
}
