import type { FastifyRequest } from 'fastify';
import type {
  LiveIdentity,
  LiveSession,
  SessionAuthenticator,
  SessionIdentity,
  SignedInUser,
  SiteRow,
} from '../app-deps.js';
import { AppError } from '../lib/errors.js';

/*
 * A call's session is looked up once: the rate limit keys its count by the session's user before
 * the handler runs, and the call's sign-in check reuses that answer instead of asking the
 * database again (one round trip less per signed-in call).
 */
const lookups = new WeakMap<FastifyRequest, Promise<LiveSession | null>>();
const identityLookups = new WeakMap<FastifyRequest, Promise<LiveIdentity | null>>();

function tokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers.token;
  return Array.isArray(value) ? value[0] : value;
}

/** The live session of the request's `token` header, on whichever site; null when none. */
export function sessionOf(
  request: FastifyRequest,
  sessions: SessionAuthenticator,
): Promise<LiveSession | null> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = sessions.find(tokenOf(request));
    lookups.set(request, lookup);
  }
  return lookup;
}

/** The request's signed-in user on this site; SESSION_INVALID (-1001) when there is none. */
export async function signedInUserOf(
  request: FastifyRequest,
  sessions: SessionAuthenticator,
  site: SiteRow,
): Promise<SignedInUser> {
  const session = await sessionOf(request, sessions);
  // A session signed in on another site does not open this one.
  if (!session || session.siteId !== site.id) throw new AppError('SESSION_INVALID');
  return session.user;
}

/**
 * Only who the request's session belongs to (the rate limit's key, a seat hold): from the
 * session cache when it has it (no query), else from the request's one full look-up.
 */
export function identityOf(
  request: FastifyRequest,
  sessions: SessionAuthenticator,
): Promise<LiveIdentity | null> {
  let lookup = identityLookups.get(request);
  if (!lookup) {
    const kept = sessions.keptIdentity(tokenOf(request));
    lookup = kept
      ? Promise.resolve(kept)
      : sessionOf(request, sessions).then((session) =>
          session
            ? {
                siteId: session.siteId,
                user: {
                  id: session.user.id,
                  siteId: session.user.siteId,
                  sessionId: session.user.sessionId,
                },
              }
            : null,
        );
    identityLookups.set(request, lookup);
  }
  return lookup;
}

/** The request's signed-in user on this site as its identity only; SESSION_INVALID when none. */
export async function signedInIdentityOf(
  request: FastifyRequest,
  sessions: SessionAuthenticator,
  site: SiteRow,
): Promise<SessionIdentity> {
  const session = await identityOf(request, sessions);
  if (!session || session.siteId !== site.id) throw new AppError('SESSION_INVALID');
  return session.user;
}
