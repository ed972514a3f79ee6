import type { FastifyRequest } from 'fastify';
import type { LiveSession, SessionAuthenticator, SignedInUser, SiteRow } from '../app-deps.js';
import { AppError } from '../lib/errors.js';

/*
 * A call's session is looked up once: the rate limit keys its count by the session's user before
 * the handler runs, and the call's sign-in check reuses that answer instead of asking the
 * database again (one round trip less per signed-in call, issue 12).
 */
const lookups = new WeakMap<FastifyRequest, Promise<LiveSession | null>>();

/** The live session of the request's `token` header, on whichever site; null when none. */
export function sessionOf(
  request: FastifyRequest,
  sessions: SessionAuthenticator,
): Promise<LiveSession | null> {
  let lookup = lookups.get(request);
  if (!lookup) {
    const value = request.headers.token;
    lookup = sessions.find(Array.isArray(value) ? value[0] : value);
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
