import { staffCinemasProblem, type StaffRole, type StaffView } from '@marquee/contracts/console';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { hashSecret } from '../cards/index.js';
import type { SiteRow } from '../site/index.js';
import { recordAudit, type AuditActor } from './audit.service.js';
import * as authRepository from './staff-auth.repository.js';
import * as staffRepository from './staff.repository.js';
import type { StaffRow } from './staff.repository.js';

/** Staff accounts: owners create, change, reset and deactivate them; each change is audited. */

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Actor = Exclude<AuditActor, 'cli'> & { role: StaffRole; cinemaIds: string[] };

export interface NewStaff {
  username: string;
  displayName: string;
  role: StaffRole;
  cinemaIds: string[];
  password: string;
}

export async function listStaff(
  deps: Deps,
  site: SiteRow,
  actor: Actor,
  query: {
    pageNum: number;
    pageSize: number;
    cinemaId?: string;
    role?: StaffRole;
    isActive?: 'true' | 'false';
  },
) {
  // Owners see everyone; managers only those who share one of their cinemas, never owners.
  const cinemaIds = query.cinemaId
    ? [query.cinemaId]
    : actor.role === 'owner'
      ? undefined
      : actor.cinemaIds;
  const { rows, total } = await staffRepository.listPage(deps.db, site.id, {
    role: query.role,
    isActive: query.isActive === undefined ? undefined : query.isActive === 'true',
    cinemaIds,
    limit: query.pageSize,
    offset: (query.pageNum - 1) * query.pageSize,
  });
  const list = await viewsOf(deps.db, rows, deps.clock.now());
  return {
    list,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    total,
    hasMore: query.pageNum * query.pageSize < total,
  };
}

/** Create an account. Also what `npm run staff:create` runs, with the actor 'cli'. */
export async function createStaff(
  deps: Deps,
  site: Pick<SiteRow, 'id'>,
  actor: AuditActor,
  input: NewStaff,
): Promise<StaffView> {
  refuseCinemaProblem(input.role, input.cinemaIds);
  // The slow hash runs before the transaction opens: no row lock waits on 70 ms of CPU.
  const passwordHash = await hashSecret(input.password, null);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    await refuseForeignCinemas(trx, site.id, input.cinemaIds);
    const inserted = await staffRepository.insertStaff(trx, {
      siteId: site.id,
      username: input.username,
      displayName: input.displayName,
      passwordHash,
      role: input.role,
      now,
    });
    if (!inserted) throw new AppError('STAFF_USERNAME_TAKEN', { username: input.username });
    await staffRepository.replaceCinemas(trx, site.id, inserted.id, input.cinemaIds);
    const view = await viewOf(trx, site.id, inserted.id, now);
    await recordAudit(trx, site, actor, now, {
      action: 'staff.create',
      entity: 'staff',
      entityId: inserted.id,
      after: auditShape(view),
    });
    return view;
  });
}

export async function updateStaff(
  deps: Deps,
  site: SiteRow,
  actor: Actor,
  input: { id: string; displayName?: string; role?: StaffRole; cinemaIds?: string[] },
): Promise<StaffView> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const owners = await staffRepository.lockActiveOwners(trx, site.id);
    const target = await lockTarget(trx, site.id, input.id);
    const before = await viewOf(trx, site.id, target.id, now);
    const role = input.role ?? target.role;
    // Becoming an owner drops the cinema list (owners cover all); otherwise keep it unless given.
    const cinemaIds = input.cinemaIds ?? (role === 'owner' ? [] : before.cinemas.map((c) => c.id));
    refuseCinemaProblem(role, cinemaIds);
    if (target.role === 'owner' && role !== 'owner') {
      if (target.id === actor.id) {
        throw refused(
          '不能降低自己的角色，请让另一位老板操作',
          'You cannot lower your own role; ask another owner.',
        );
      }
      refuseLastOwner(owners, target.id);
    }
    await refuseForeignCinemas(trx, site.id, cinemaIds);
    await staffRepository.updateProfile(trx, target.id, {
      displayName: input.displayName ?? target.display_name,
      role,
      now,
    });
    await staffRepository.replaceCinemas(trx, site.id, target.id, cinemaIds);
    const after = await viewOf(trx, site.id, target.id, now);
    await recordAudit(trx, site, actor, now, {
      action: 'staff.update',
      entity: 'staff',
      entityId: target.id,
      before: auditShape(before),
      after: auditShape(after),
    });
    return after;
  });
}

/** A new password, set by an owner: it lifts a lockout and signs the person out everywhere. */
export async function resetStaffPassword(
  deps: Deps,
  site: SiteRow,
  actor: Actor,
  input: { id: string; password: string },
) {
  const passwordHash = await hashSecret(input.password, null);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const target = await lockTarget(trx, site.id, input.id);
    const wasLocked =
      isLocked(target, now) ||
      (await authRepository.staffIdsWithBlockedAddress(trx, [target.id], now)).length > 0;
    await staffRepository.updatePassword(trx, target.id, passwordHash, now);
    await authRepository.clearAddressFailures(trx, target.id);
    const sessionsRevoked = await authRepository.revokeAllSessions(trx, target.id, now);
    await recordAudit(trx, site, actor, now, {
      action: 'staff.resetPassword',
      entity: 'staff',
      entityId: target.id,
      // Never the hash: only that it changed and what it undid.
      before: { wasLocked },
      after: { passwordChanged: true, sessionsRevoked },
    });
    return { isReset: true };
  });
}

export async function deactivateStaff(
  deps: Deps,
  site: SiteRow,
  actor: Actor,
  input: { id: string },
): Promise<StaffView> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const owners = await staffRepository.lockActiveOwners(trx, site.id);
    const target = await lockTarget(trx, site.id, input.id);
    if (target.id === actor.id) {
      throw refused(
        '不能停用自己的账号，请让另一位老板操作',
        'You cannot deactivate yourself; ask another owner.',
      );
    }
    const before = await viewOf(trx, site.id, target.id, now);
    if (!target.is_active) return before;
    if (target.role === 'owner') refuseLastOwner(owners, target.id);
    await staffRepository.deactivate(trx, target.id, now);
    const sessionsRevoked = await authRepository.revokeAllSessions(trx, target.id, now);
    const after = await viewOf(trx, site.id, target.id, now);
    await recordAudit(trx, site, actor, now, {
      action: 'staff.deactivate',
      entity: 'staff',
      entityId: target.id,
      before: auditShape(before),
      after: { ...auditShape(after), sessionsRevoked },
    });
    return after;
  });
}

async function lockTarget(trx: Executor, siteId: string, staffId: string) {
  const target = await staffRepository.findByIdForUpdate(trx, siteId, staffId);
  if (!target) throw notFound('The staff account', '员工账号');
  return target;
}

function refused(hint: string, hintEn: string) {
  return new AppError('STAFF_CHANGE_REFUSED', { hint, hintEn });
}

function refuseLastOwner(owners: { id: string }[], targetId: string) {
  if (owners.every((owner) => owner.id === targetId)) {
    throw refused(
      '这是本站点唯一的在职老板，请先任命另一位老板',
      'This is the last active owner of the site; make someone else an owner first.',
    );
  }
}

function refuseCinemaProblem(role: StaffRole, cinemaIds: string[]) {
  const problem = staffCinemasProblem(role, cinemaIds);
  if (problem) throw new AppError('VALIDATION_FAILED', { fields: ['body.cinemaIds'], ...problem });
}

/** Cinemas must be the site's own (a foreign key says so too; this says it clearly). */
async function refuseForeignCinemas(trx: Executor, siteId: string, cinemaIds: string[]) {
  const found = await staffRepository.countCinemasOfSite(trx, siteId, cinemaIds);
  if (found !== cinemaIds.length) {
    throw new AppError('VALIDATION_FAILED', {
      fields: ['body.cinemaIds'],
      hint: '所选影城不属于本站点',
      hintEn: 'A chosen cinema is not one of this site’s cinemas.',
    });
  }
}

const isLocked = (row: Pick<StaffRow, 'locked_until'>, now: Date) =>
  row.locked_until !== null && row.locked_until > now;

/** What the audit log keeps of an account: the view without volatile lock state. */
function auditShape(view: StaffView) {
  return {
    username: view.username,
    displayName: view.displayName,
    role: view.role,
    // Names too: the log stays readable after a cinema is renamed.
    cinemas: view.cinemas,
    isActive: view.isActive,
  };
}

async function viewOf(
  db: Executor,
  siteId: string,
  staffId: string,
  now: Date,
): Promise<StaffView> {
  const row = await staffRepository.findById(db, siteId, staffId);
  if (!row) throw notFound('The staff account', '员工账号');
  const [view] = await viewsOf(db, [row], now);
  return view!;
}

async function viewsOf(db: Executor, rows: StaffRow[], now: Date): Promise<StaffView[]> {
  const ids = rows.map((row) => row.id);
  const cinemas = await staffRepository.cinemasOfStaff(db, ids);
  // Paused: for unfamiliar addresses, or refused at an address of theirs (decision 039).
  const blocked = new Set(await authRepository.staffIdsWithBlockedAddress(db, ids, now));
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    role: row.role,
    cinemas: cinemas
      .filter((c) => c.staff_id === row.id)
      .map((c) => ({ id: c.id, name: c.name, nameEn: c.name_en })),
    isActive: row.is_active,
    isLocked: isLocked(row, now) || blocked.has(row.id),
    createdAt: row.created_at.toISOString(),
  }));
}
