import { errorCatalogue, type ErrorName } from '@marquee/contracts';

/** The one error services throw; the error handler maps it to its HTTP status and envelope. */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly status: number;
  readonly code: number;

  constructor(
    readonly type: ErrorName,
    readonly details: Record<string, unknown> = {},
  ) {
    super(errorCatalogue[type].en(details));
    this.status = errorCatalogue[type].status;
    this.code = errorCatalogue[type].code;
  }
}

export function notFound(what: string, whatZh: string): AppError {
  return new AppError('NOT_FOUND', { what: whatZh, whatEn: what });
}
