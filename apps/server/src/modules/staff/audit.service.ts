import type { AuditEntry } from '@marquee/contracts/console';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import type { SiteRow } from '../site/index.js';
import * as auditRepository from './audit.repository.js';

/** Who did it: a signed-in staff member, or the command line (no staff account yet). */
export type AuditActor = { id: string; username: string } | 'cli';

export interface AuditChange {
  action: string;
  entity: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Write one audit row inside the caller's transaction: the change and its record commit or roll
 * back together. Every staff use case that changes something calls this.
 */
export function recordAudit(
  trx: Executor,
  site: Pick<SiteRow, 'id'>,
  actor: AuditActor,
  at: Date,
  change: AuditChange,
): Promise<unknown> {
  return auditRepository.insertEntry(trx, {
    siteId: site.id,
    staffId: actor === 'cli' ? null : actor.id,
    actor: actor === 'cli' ? 'cli' : actor.username,
    at,
    action: change.action,
    entity: change.entity,
    entityId: change.entityId,
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

export async function listAudit(
  deps: Pick<AppDeps, 'db'>,
  site: SiteRow,
  query: {
    pageNum: number;
    pageSize: number;
    staffId?: string;
    action?: string;
    entity?: string;
    from?: string;
    to?: string;
  },
) {
  const { rows, total } = await auditRepository.listPage(deps.db, site.id, {
    staffId: query.staffId,
    action: query.action,
    entity: query.entity,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    limit: query.pageSize,
    offset: (query.pageNum - 1) * query.pageSize,
  });
  const list = rows.map(entryOf);
  return {
    list,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    total,
    hasMore: query.pageNum * query.pageSize < total,
  };
}

/** The audit trail of one thing of the site (an order's check-in and refund), oldest first. */
export async function auditOfEntity(
  db: Executor,
  site: Pick<SiteRow, 'id'>,
  entity: string,
  entityId: string,
): Promise<AuditEntry[]> {
  const rows = await auditRepository.listOfEntity(db, site.id, entity, entityId);
  return rows.map(entryOf);
}

function entryOf(
  row: Awaited<ReturnType<typeof auditRepository.listOfEntity>>[number],
): AuditEntry {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    staffId: row.staff_id,
    actor: row.actor,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}
