import { fullErrorCatalogue, type FullErrorName } from '@marquee/contracts/console';

/** The one error services throw; the error handler maps it to its HTTP status and envelope. */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly status: number;
  readonly code: number;

  constructor(
    readonly type: FullErrorName,
    readonly details: Record<string, unknown> = {},
  ) {
    super(fullErrorCatalogue[type].en(details));
    this.status = fullErrorCatalogue[type].status;
    this.code = fullErrorCatalogue[type].code;
  }
}

export function notFound(what: string, whatZh: string): AppError {
  return new AppError('NOT_FOUND', { what: whatZh, whatEn: what });
}
