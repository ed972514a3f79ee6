/**
 * Why a messenger call did not give an answer. `unsupported`: this browser cannot (no camera
 * barcode reader, no Geolocation) and the UI offers another way; `denied`: the person refused the
 * permission; `cancelled`: they closed the scanner; `failed`: the SDK or the device failed.
 */
export type MessengerErrorKind = 'unsupported' | 'denied' | 'cancelled' | 'failed';

export class MessengerError extends Error {
  override readonly name = 'MessengerError';
  constructor(
    readonly kind: MessengerErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export function isMessengerError(
  error: unknown,
  kind?: MessengerErrorKind,
): error is MessengerError {
  return error instanceof MessengerError && (kind === undefined || error.kind === kind);
}
