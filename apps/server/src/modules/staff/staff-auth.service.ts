import {
  STAFF_FAMILIAR_ADDRESS_DAYS,
  STAFF_LOCK_MINUTES,
  STAFF_MAX_FAILED_LOGINS,
  STAFF_MAX_LOCK_HOURS,
  STAFF_MAX_UNFAMILIAR_FAILED_LOGINS,
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
import { signInAddressOf } from './sign-in-address.js';
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

/** Refused for a while: from this address, or (`unfamiliar`) from any address new to the account. */
function locked(scope: 'address' | 'unfamiliar', until: Date, now: Date) {
  return new AppError('STAFF_LOCKED', { scope, retryAfterSeconds: secondsUntil(until, now) });
}

/** A refusal that landed while this sign-in ran: at least the first refusal's time. */
function lockedAfterAll(scope: 'address' | 'unfamiliar') {
  return new AppError('STAFF_LOCKED', { scope, retryAfterSeconds: STAFF_LOCK_MINUTES * 60 });
}

const lockRule = (max: number): authRepository.LockRule => ({
  max,
  firstSeconds: STAFF_LOCK_MINUTES * 60,
  capSeconds: STAFF_MAX_LOCK_HOURS * 3600,
});

const isRunning = (until: Date | null | undefined, now: Date): until is Date =>
  !!until && until > now;

/**
 * Staff sign-in, counted per account and address (decision 039): wrong passwords from one address
 * refuse that address for a growing time, never the account everywhere; many from addresses the
 * account never signed in from pause only such addresses, so a stranger hammering a guessable
 * username (`owner`) cannot keep its owner out. The password check and the counting run before
 * any transaction, each failure one autocommitted statement: a later rollback never forgets a
 * wrong try. Unknown and deactivated usernames cost a hash too and answer like a wrong password.
 */
export async function staffLogin(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  site: SiteRow,
  credentials: { username: string; password: string },
  clientAddress: string,
) {
  const now = deps.clock.now();
  const address = signInAddressOf(clientAddress);
  const row = await authRepository.findForLogin(deps.db, site.id, credentials.username);
  if (!row || !row.is_active) {
    await verifySecret(credentials.password, DECOY_HASH, null);
    throw new AppError('STAFF_LOGIN_FAILED');
  }
  const place = await authRepository.findAddress(deps.db, row.id, address);
  if (isRunning(place?.blocked_until, now)) throw locked('address', place.blocked_until, now);
  const familiarSince = addSeconds(now, -STAFF_FAMILIAR_ADDRESS_DAYS * 86_400);
  const isFamiliar = !!place?.signed_in_at && place.signed_in_at > familiarSince;
  if (!isFamiliar && isRunning(row.locked_until, now)) {
    throw locked('unfamiliar', row.locked_until, now);
  }
  if (!(await verifySecret(credentials.password, row.password_hash, null))) {
    const counted = await authRepository.recordAddressFailure(
      deps.db,
      row.id,
      address,
      now,
      lockRule(STAFF_MAX_FAILED_LOGINS),
    );
    const account = isFamiliar
      ? null
      : await authRepository.recordUnfamiliarFailure(
          deps.db,
          row.id,
          now,
          lockRule(STAFF_MAX_UNFAMILIAR_FAILED_LOGINS),
        );
    if (isRunning(counted.blocked_until, now)) throw locked('address', counted.blocked_until, now);
    if (isRunning(account?.locked_until, now))
      throw locked('unfamiliar', account.locked_until, now);
    throw new AppError('STAFF_LOGIN_FAILED');
  }

  const token = randomToken();
  const expiresAt = addSeconds(now, STAFF_SESSION_TTL_SECONDS);
  await deps.db.transaction().execute(async (trx) => {
    // A refusal set by concurrent wrong tries after our check wins over this right password.
    const signedIn = await authRepository.recordSignInUnlessBlocked(trx, row.id, address, now);
    if (!signedIn) throw lockedAfterAll('address');
    const cleared = await authRepository.clearUnfamiliarFailuresUnlessPaused(trx, row.id, now);
    // A pause of unfamiliar addresses holds for them only; a familiar one gets in.
    if (!cleared && !isFamiliar) throw lockedAfterAll('unfamiliar');
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
    site: { code: site.code, name: site.name, nameEn: site.short_name_en },
    cinemas:
      staff.role === 'owner' ? cinemas : cinemas.filter((c) => staff.cinemaIds.includes(c.id)),
  };
}
