import {
  STAFF_LOCK_MINUTES,
  STAFF_MAX_FAILED_LOGINS,
  STAFF_SESSION_HOURS,
  type StaffMe,
} from '@marquee/contracts/console';
import type { AppDeps, SignedInStaff, StaffAuthenticator } from '../../app-deps.js';

export type { SignedInStaff, StaffAuthenticator };
import { addSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';
import { DECOY_HASH, verifySecret } from '../cards/index.js';
import type { SiteRow } from '../site/index.js';
import { recordAudit } from './audit.service.js';
import * as authRepository from './staff-auth.repository.js';
import * as staffRepository from './staff.repository.js';

export const STAFF_SESSION_TTL_SECONDS = STAFF_SESSION_HOURS * 60 * 60;

export function createStaffAuthenticator(deps: Pick<AppDeps, 'db' | 'clock'>): StaffAuthenticator {
  return {
    async authenticate(site, token) {
      if (!token || token.length > 200) throw new AppError('STAFF_UNAUTHENTICATED');
      const row = await authRepository.findStaffByLiveSession(
        deps.db,
        site.id,
        sha256Hex(token),
        deps.clock.now(),
      );
      if (!row) throw new AppError('STAFF_UNAUTHENTICATED');
      return {
        id: row.id,
        siteId: row.site_id,
        sessionId: row.session_id,
        username: row.username,
        displayName: row.display_name,
        role: row.role,
        cinemaIds: row.role === 'owner' ? [] : await authRepository.cinemaIdsOf(deps.db, row.id),
      };
    },
    async staffIdOf(token) {
      if (!token || token.length > 200) return null;
      const row = await authRepository.findStaffIdByLiveSession(
        deps.db,
        sha256Hex(token),
        deps.clock.now(),
      );
      return row?.staff_id ?? null;
    },
    findCinemaOfSite: (siteId, cinemaId) =>
      authRepository.findCinemaOfSite(deps.db, siteId, cinemaId),
  };
}

const secondsUntil = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/**
 * Staff sign-in. The password check and the failure count run before any transaction, each
 * failure one autocommitted statement: a later rollback never forgets a wrong try. Unknown and
 * deactivated usernames cost a hash too and answer like a wrong password.
 */
export async function staffLogin(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  site: SiteRow,
  credentials: { username: string; password: string },
) {
  const now = deps.clock.now();
  const row = await authRepository.findForLogin(deps.db, site.id, credentials.username);
  if (!row || !row.is_active) {
    await verifySecret(credentials.password, DECOY_HASH, null);
    throw new AppError('STAFF_LOGIN_FAILED');
  }
  if (row.locked_until && row.locked_until > now) {
    throw new AppError('STAFF_LOCKED', { retryAfterSeconds: secondsUntil(row.locked_until, now) });
  }
  if (!(await verifySecret(credentials.password, row.password_hash, null))) {
    const counted = await authRepository.recordFailedLogin(
      deps.db,
      row.id,
      now,
      STAFF_MAX_FAILED_LOGINS,
      addSeconds(now, STAFF_LOCK_MINUTES * 60),
    );
    if (counted.locked_until && counted.locked_until > now) {
      throw new AppError('STAFF_LOCKED', {
        retryAfterSeconds: secondsUntil(counted.locked_until, now),
      });
    }
    throw new AppError('STAFF_LOGIN_FAILED');
  }

  const token = randomToken();
  const expiresAt = addSeconds(now, STAFF_SESSION_TTL_SECONDS);
  await deps.db.transaction().execute(async (trx) => {
    // A lock set by concurrent wrong tries after our check wins over this right password.
    const cleared = await authRepository.clearFailedLoginsUnlessLocked(trx, row.id, now);
    if (!cleared) {
      throw new AppError('STAFF_LOCKED', { retryAfterSeconds: STAFF_LOCK_MINUTES * 60 });
    }
    const session = await authRepository.insertSession(trx, {
      siteId: site.id,
      staffId: row.id,
      tokenHash: sha256Hex(token),
      now,
      expiresAt,
    });
    await recordAudit(trx, site, { id: row.id, username: row.username }, now, {
      action: 'staff.login',
      entity: 'staff',
      entityId: row.id,
      after: { sessionId: session.id, expiresAt: expiresAt.toISOString() },
    });
  });
  const cinemaIds = row.role === 'owner' ? [] : await authRepository.cinemaIdsOf(deps.db, row.id);
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    staff: await staffMe(deps, site, {
      id: row.id,
      username: row.username,
      displayName: row.display_name,
      role: row.role,
      cinemaIds,
    }),
  };
}

export async function staffLogout(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  site: SiteRow,
  staff: SignedInStaff,
) {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const revoked = await authRepository.revokeSession(trx, staff.sessionId, now);
    if (Number(revoked.numUpdatedRows) === 0) return;
    await recordAudit(trx, site, staff, now, {
      action: 'staff.logout',
      entity: 'staff',
      entityId: staff.id,
      before: { sessionId: staff.sessionId },
    });
  });
  return { isSignedOut: true };
}

/** The signed-in staff member with the site and the cinemas they cover, named. */
export async function staffMe(
  deps: Pick<AppDeps, 'db'>,
  site: SiteRow,
  staff: Pick<SignedInStaff, 'id' | 'username' | 'displayName' | 'role' | 'cinemaIds'>,
): Promise<StaffMe> {
  const cinemas = await staffRepository.cinemasOfSite(deps.db, site.id);
  return {
    id: staff.id,
    username: staff.username,
    displayName: staff.displayName,
    role: staff.role,
    site: { code: site.code, name: site.name },
    cinemas:
      staff.role === 'owner' ? cinemas : cinemas.filter((c) => staff.cinemaIds.includes(c.id)),
  };
}
