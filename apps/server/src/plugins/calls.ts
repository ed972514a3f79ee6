import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CallDefinition } from '@marquee/contracts';
import { AppError } from '../lib/errors.js';
import type { AppDeps, SessionIdentity, SignedInUser, SiteRow } from '../app-deps.js';
import { requestLang } from './error-handler.js';
import { signedInIdentityOf, signedInUserOf } from './request-session.js';
import { acceptsGzip } from './small-gzip.js';

export interface CallContext<C extends CallDefinition, S extends boolean> {
  query: z.output<C['query']>;
  body: z.output<C['body']>;
  site: SiteRow;
  user: S extends true ? SignedInUser : SignedInUser | null;
  request: FastifyRequest;
  lang: 'zh' | 'en';
  /** Idempotency key of a paying call (header `Idempotency-Key`). */
  idempotencyKey: string | undefined;
}

export interface BindOptions {
  /** Requests per minute for this call, per user or address; default: the app-wide limit. */
  rateLimitPerMinute?: number;
  /**
   * No per-request limit: for reads that cost at most one shared query however many ask (a seat
   * map's availability), where counting each request would cost more than answering it.
   */
  isUnlimited?: boolean;
  /**
   * `'identity'`: the handler gets only the user's ids (SessionIdentity), which may come from the
   * session cache without a query (session-cache.ts); for hot calls that need nothing else (a
   * seat hold). Default: the whole signed-in user, read from the database.
   */
  session?: 'user' | 'identity';
}

/** A call's context when it asked for the session's identity only (`session: 'identity'`). */
export type IdentityCallContext<C extends CallDefinition> = Omit<CallContext<C, true>, 'user'> & {
  user: SessionIdentity;
};

export function parseOrThrow<T extends z.ZodTypeAny>(
  schema: T,
  value: unknown,
  where: string,
): z.output<T> {
  const nul = hasNulByte(value) ? pathOfNulByte(value) : null;
  if (nul) {
    const field = [where, ...nul].join('.');
    throw new AppError('VALIDATION_FAILED', {
      fields: [field],
      issues: [{ field, message: 'text may not contain the NUL character (\\u0000)' }],
    });
  }
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const isUnknownId = (issue: z.core.$ZodIssue) =>
    issue.code === 'custom' && (issue.params as { isUnknownId?: boolean })?.isUnknownId === true;
  if (parsed.error.issues.every(isUnknownId)) {
    // An id that is not ours names nothing: the same answer as a well-formed id of nothing.
    throw new AppError('NOT_FOUND', {
      what: '内容',
      whatEn: 'That item',
      fields: parsed.error.issues.map((issue) => [where, ...issue.path].join('.')),
    });
  }
  const fields = [...new Set(parsed.error.issues.map((issue) => [where, ...issue.path].join('.')))];
  throw new AppError('VALIDATION_FAILED', {
    fields,
    issues: parsed.error.issues.map((issue) => ({
      field: [where, ...issue.path].join('.'),
      message: issue.message,
    })),
  });
}

export function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

/**
 * Bind one contract call to a handler: check the site and the session, parse the query and the
 * body with the contract's schemas, and wrap the answer in the envelope. Handlers stay thin.
 */
export function bindCall<C extends CallDefinition & { isSignedIn: true }>(
  app: FastifyInstance,
  deps: AppDeps,
  call: C,
  handler: (context: IdentityCallContext<C>) => Promise<z.input<C['answer']>>,
  options: BindOptions & { session: 'identity' },
): void;
export function bindCall<C extends CallDefinition>(
  app: FastifyInstance,
  deps: AppDeps,
  call: C,
  handler: (context: CallContext<C, C['isSignedIn']>) => Promise<z.input<C['answer']>>,
  options?: BindOptions & { session?: 'user' },
): void;
export function bindCall<C extends CallDefinition>(
  app: FastifyInstance,
  deps: AppDeps,
  call: C,
  handler: (
    context: CallContext<C, C['isSignedIn']> & IdentityCallContext<C>,
  ) => Promise<z.input<C['answer']>>,
  options: BindOptions = {},
): void {
  const isIdentityEnough = options.session === 'identity';
  app.route({
    method: call.method,
    url: `/api${call.path}`,
    config: {
      rateLimit: options.isUnlimited
        ? false
        : { max: options.rateLimitPerMinute ?? deps.rateLimitPerMinute, timeWindow: '1 minute' },
    },
    handler: async (request) => {
      const site = await deps.sites.resolve(header(request, 'site'));
      const user = call.isSignedIn
        ? await (isIdentityEnough
            ? signedInIdentityOf(request, deps.sessions, site)
            : signedInUserOf(request, deps.sessions, site))
        : header(request, 'token')
          ? await signedInUserOf(request, deps.sessions, site).catch(() => null)
          : null;
      const query = parseOrThrow(call.query, request.query, 'query');
      const body = parseOrThrow(call.body, request.body, 'body');
      const data = await handler({
        query: query as z.output<C['query']>,
        body: body as z.output<C['body']>,
        site,
        user: user as SignedInUser,
        request,
        lang: requestLang(request),
        idempotencyKey: header(request, 'idempotency-key'),
      });
      return { code: 0, msg: 'ok', data: call.answer.parse(data) };
    },
  });
}

/**
 * Where a NUL character hides in a request's query or body, if anywhere: PostgreSQL refuses it in
 * text ("invalid byte sequence 0x00"), so it is refused here, for every call, before any SQL.
 */
/** Whether a NUL character hides anywhere in it: the common answer, no, without paths built. */
function hasNulByte(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  for (const key in value) {
    if (key.includes('\u0000')) return true;
    if (hasNulByte((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

function pathOfNulByte(
  value: unknown,
  at: (string | number)[] = [],
  depth = 0,
): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...at, key];
    const found = pathOfNulByte(child, [...at, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** An answer built once and served many times: the envelope as JSON and gzipped, and its ETag. */
export interface PreparedAnswer {
  etag: string;
  json: string;
  gzip: Buffer;
}

/** The handler of a public GET: its parsed query, the request's site and language. */
export type PublicGetHandler<C extends CallDefinition, A> = (context: {
  query: z.output<C['query']>;
  site: SiteRow;
  lang: 'zh' | 'en';
}) => Promise<A>;

/**
 * Bind a public GET answered from something prepared ahead: the site is checked and the query
 * parsed as bindCall does, then `send` writes the prepared answer. No per-request rate limit (like
 * a poster image, counting it would cost more than answering it) and no compression per request
 * (the bytes are compressed ahead). Names follow the request's language (decision 027), so the
 * answer varies by language and site as well as by encoding.
 */
export function bindPreparedGet<C extends CallDefinition, A>(
  app: FastifyInstance,
  deps: AppDeps,
  call: C & { isSignedIn: false },
  handler: PublicGetHandler<C, A>,
  send: (request: FastifyRequest, reply: FastifyReply, answer: A) => FastifyReply,
): void {
  app.route({
    method: call.method,
    url: `/api${call.path}`,
    // A GET has no body to decompress: no preParsing hook of @fastify/compress either.
    config: { rateLimit: false, compress: false, decompress: false },
    handler: async (request, reply) => {
      const site = await deps.sites.resolve(header(request, 'site'));
      const query = parseOrThrow(call.query, request.query, 'query') as z.output<C['query']>;
      const answer = await handler({ query, site, lang: requestLang(request) });
      reply.header('vary', 'accept-encoding, accept-language, site');
      return send(request, reply, answer);
    },
  });
}

/** Whether `If-None-Match` names this ETag; it compares weakly (RFC 9110): `W/` is ignored. */
export function isNoneMatched(request: FastifyRequest, etag: string): boolean {
  const given = header(request, 'if-none-match');
  if (!given) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return given.trim() === '*' || given.split(',').some((tag) => bare(tag) === bare(etag));
}

/**
 * Bind a call whose answer is prepared ahead (a seat layout): `If-None-Match` with the same ETag
 * answers 304 with no body, and the prepared gzip bytes go to clients that accept gzip.
 */
export function bindPreparedCall<C extends CallDefinition>(
  app: FastifyInstance,
  deps: AppDeps,
  call: C & { isSignedIn: false },
  handler: PublicGetHandler<C, PreparedAnswer>,
  options: { cacheControl: string },
): void {
  bindPreparedGet(app, deps, call, handler, (request, reply, answer) => {
    reply.header('etag', answer.etag).header('cache-control', options.cacheControl);
    if (isNoneMatched(request, answer.etag)) return reply.code(304).send();
    reply.header('content-type', 'application/json; charset=utf-8');
    if (acceptsGzip(header(request, 'accept-encoding'))) {
      return reply.header('content-encoding', 'gzip').send(answer.gzip);
    }
    return reply.send(answer.json);
  });
}
