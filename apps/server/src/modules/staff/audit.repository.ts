import type { Executor } from '../../db/schema.js';

/** SQL of the audit log: append and read. There is no update or delete (a trigger refuses them). */

export interface AuditRecord {
  siteId: string;
  staffId: string | null;
  actor: string;
  at: Date;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

const json = (value: unknown) =>
  value === undefined || value === null ? null : JSON.stringify(value);

export function insertEntry(trx: Executor, record: AuditRecord) {
  return trx
    .insertInto('audit_log')
    .values({
      site_id: record.siteId,
      staff_id: record.staffId,
      actor: record.actor,
      at: record.at,
      action: record.action,
      entity: record.entity,
      entity_id: record.entityId,
      before: json(record.before),
      after: json(record.after),
    })
    .execute();
}

export interface AuditFilter {
  staffId?: string;
  action?: string;
  entity?: string;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

/** A page of the site's log, newest first. */
export async function listPage(db: Executor, siteId: string, filter: AuditFilter) {
  let query = db.selectFrom('audit_log').where('site_id', '=', siteId);
  if (filter.staffId) query = query.where('staff_id', '=', filter.staffId);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.entity) query = query.where('entity', '=', filter.entity);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.count };
}

/** Every row of the site's log about one thing (an order), oldest first. */
export function listOfEntity(db: Executor, siteId: string, entity: string, entityId: string) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}
