/**
 * A refusal or failure reported by a pay provider (WeChat's error code, e.g. ORDERPAID, SIGN_ERROR,
 * ORDER_NOT_EXIST), or the network failing on the way. Services decide what it means for the user.
 */
export class PayProviderError extends Error {
  override readonly name = 'PayProviderError';

  constructor(
    readonly providerCode: string,
    message: string,
  ) {
    super(`${providerCode}: ${message}`);
  }
}
