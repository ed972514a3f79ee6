/** A rejected call: the envelope's code, msg and data, or a client-side failure (timeout, network). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** Client-side failures use codes outside the server's catalogue. */
export const CLIENT_ERROR = {
  /** An empty answer (spec §8). */
  EMPTY_ANSWER: -1,
  TIMEOUT: -2,
  NETWORK: -3,
  /** The answer was not the envelope. */
  BAD_ANSWER: -4,
} as const;

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
