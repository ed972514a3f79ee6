import type { AppDeps } from '../../../app-deps.js';
import { addSeconds } from '../../../lib/clock.js';
import { AppError } from '../../../lib/errors.js';
import { randomToken } from '../../../lib/tokens.js';
import type { SiteRow } from '../../site/index.js';
import type { MessengerProvider } from './messenger-provider.js';
import * as sandboxRepository from './sandbox.repository.js';

/** WeChat's codes are single-use and live 5 minutes; the sandbox's do too. */
export const SANDBOX_CODE_TTL_SECONDS = 5 * 60;
export const SANDBOX_AUTHORIZE_PATH = '/sandbox/connect/oauth2/authorize';
/** Scripted clients sign in with `sandbox:<openid>`; the user is created on first use. */
const SCRIPTED_CODE = /^sandbox:([A-Za-z0-9_-]{1,64})$/;

export function createSandboxProvider(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  site: SiteRow,
): MessengerProvider {
  return {
    mode: 'sandbox',
    authorizeUrl: SANDBOX_AUTHORIZE_PATH,
    async exchangeCode(code) {
      const scripted = SCRIPTED_CODE.exec(code);
      if (scripted) {
        const openid = scripted[1]!;
        const known = await sandboxRepository.findUserByOpenid(deps.db, site.id, openid);
        return {
          openid,
          nickname: known?.nickname ?? `用户${openid.slice(-6)}`,
          avatarUrl: known?.avatar_url ?? null,
        };
      }
      const now = deps.clock.now();
      const row = await deps.db
        .transaction()
        .execute((trx) => sandboxRepository.consumeCode(trx, site.id, code, now));
      if (!row) throw new AppError('LOGIN_CODE_INVALID');
      return { openid: row.openid, nickname: row.nickname, avatarUrl: row.avatar_url };
    },
  };
}

/** What the sandbox's authorisation page does when a person picks who they are. */
export async function issueSandboxCode(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  site: SiteRow,
  person: { openid: string; nickname: string; avatarUrl: string | null },
): Promise<string> {
  const code = randomToken(24);
  await deps.db.transaction().execute((trx) =>
    sandboxRepository.insertCode(trx, {
      code,
      siteId: site.id,
      openid: person.openid,
      nickname: person.nickname,
      avatarUrl: person.avatarUrl,
      expiresAt: addSeconds(deps.clock.now(), SANDBOX_CODE_TTL_SECONDS),
    }),
  );
  return code;
}
