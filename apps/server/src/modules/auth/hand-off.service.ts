import {
  HAND_OFF_PREFIX,
  HAND_OFF_TTL_SECONDS,
  type CallAnswer,
  type CallBody,
  type exchangeSetTokenCall,
  type handOffCall,
} from '@marquee/contracts';
import type { AppDeps, SignedInUser, SiteRow } from '../../app-deps.js';
import { addSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';
import { siteSettings } from '../site/index.js';
import * as authRepository from './auth.repository.js';
import { toUserInfo, userOfToken } from './auth.service.js';

/*
 * `?setToken=` without a session token in the URL (decision 038): a signed-in session mints a
 * one-time hand-off code; the link carries the code; the browser that opens it exchanges the code
 * for a session of its own. A raw session token in the link still works while the site allows it.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'sessions'>;

/** Mint a hand-off code for this session: two minutes, once. Only its hash is kept. */
export async function mintHandOffCode(
  deps: Deps,
  site: SiteRow,
  user: SignedInUser,
): Promise<CallAnswer<typeof handOffCall>> {
  const code = `${HAND_OFF_PREFIX}${randomToken()}`;
  const now = deps.clock.now();
  await deps.db.transaction().execute((trx) =>
    authRepository.insertHandOffCode(trx, {
      siteId: site.id,
      userId: user.id,
      sessionId: user.sessionId,
      codeHash: sha256Hex(code),
      expiresAt: addSeconds(now, HAND_OFF_TTL_SECONDS),
    }),
  );
  return { code, expiresInSeconds: HAND_OFF_TTL_SECONDS };
}

/**
 * What a `?setToken=` value stands for. A hand-off code is taken once and becomes a new session
 * of the same user, ending when the minting session would have (a stolen session cannot mint its
 * way past its own end). A session token is answered as it is, if the site allows raw tokens.
 * Either way the answer names the account, for the browser to ask before switching.
 */
export async function exchangeSetToken(
  deps: Deps,
  site: SiteRow,
  body: CallBody<typeof exchangeSetTokenCall>,
): Promise<CallAnswer<typeof exchangeSetTokenCall>> {
  const now = deps.clock.now();
  if (!body.setToken.startsWith(HAND_OFF_PREFIX)) {
    if (!siteSettings(site).isRawSetTokenAllowed) throw new AppError('SET_TOKEN_RAW_OFF');
    const user = await deps.sessions.authenticate(site, body.setToken);
    return { userInfo: toUserInfo(user, now), token: body.setToken, isHandOff: false };
  }
  const token = randomToken();
  await deps.db.transaction().execute(async (trx) => {
    const used = await authRepository.useHandOffCode(trx, site.id, sha256Hex(body.setToken), now);
    if (!used) throw new AppError('HAND_OFF_INVALID');
    await authRepository.insertSession(trx, {
      siteId: site.id,
      userId: used.user_id,
      tokenHash: sha256Hex(token),
      expiresAt: used.session_expires_at,
      signedInBy: 'handOff',
      createdAt: now,
    });
  });
  const user = await userOfToken(deps, token);
  return { userInfo: toUserInfo(user, now), token, isHandOff: true };
}
