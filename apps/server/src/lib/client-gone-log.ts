import type { FastifyServerOptions } from 'fastify';

type LoggerHooks = NonNullable<
  Exclude<FastifyServerOptions['logger'], boolean | undefined>['hooks']
>;

/**
 * A phone that leaves a page or loses its signal while a file or an answer is still being sent
 * closes the connection under the stream: @fastify/compress then logs `premature close` at error
 * level (its pump callback), although nothing went wrong on our side. On a weak network that is
 * every aborted download, enough to drown real errors and wake whoever watches the error rate.
 * Such lines are written at info instead, saying what happened; every other error is unchanged.
 */
export function isClientGone(value: unknown): boolean {
  if (!(value instanceof Error)) return false;
  const code = (value as { code?: unknown }).code;
  return code === 'ERR_STREAM_PREMATURE_CLOSE' || value.message === 'premature close';
}

const ERROR_LEVEL = 50;

export const clientGoneLogHooks: LoggerHooks = {
  logMethod(args, method, level) {
    if (level >= ERROR_LEVEL && isClientGone(args[0])) {
      const error = args[0] as unknown as Error;
      this.info({ reason: error.message }, 'the client went away before the answer was sent');
      return;
    }
    method.apply(this, args);
  },
};
