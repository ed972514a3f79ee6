import { sql } from 'kysely';
import type { Executor } from '../../db/schema.js';

/** SQL of the console's card calls (card types, voucher batches, look-up, adjustments). */

export function listCardTypes(db: Executor, siteId: string) {
  return db
    .selectFrom('card_types')
    .select(['code', 'name', 'pays_for', 'is_on_sale', 'sort_order'])
    .where('site_id', '=', siteId)
    .orderBy('sort_order')
    .orderBy('code')
    .execute();
}

export function findCardType(db: Executor, siteId: string, code: string) {
  return db
    .selectFrom('card_types')
    .select(['code', 'name', 'pays_for', 'is_on_sale', 'sort_order'])
    .where('site_id', '=', siteId)
    .where('code', '=', code)
    .executeTakeFirst();
}

export function findCardTypeForUpdate(db: Executor, siteId: string, code: string) {
  return db
    .selectFrom('card_types')
    .select(['code', 'name', 'pays_for', 'is_on_sale', 'sort_order'])
    .where('site_id', '=', siteId)
    .where('code', '=', code)
    .forUpdate()
    .executeTakeFirst();
}

/** Undefined when the code is taken on the site. */
export function insertCardType(
  db: Executor,
  row: {
    site_id: string;
    code: string;
    name: string;
    pays_for: 'film' | 'goods' | 'general';
    is_on_sale: boolean;
    sort_order: number;
  },
) {
  return db
    .insertInto('card_types')
    .values(row)
    .onConflict((conflict) => conflict.columns(['site_id', 'code']).doNothing())
    .returning('code')
    .executeTakeFirst();
}

export function updateCardType(
  db: Executor,
  siteId: string,
  code: string,
  fields: { name: string; is_on_sale: boolean; sort_order: number },
) {
  return db
    .updateTable('card_types')
    .set(fields)
    .where('site_id', '=', siteId)
    .where('code', '=', code)
    .execute();
}

/** Batch numbers run per site; the lock makes two issues at once take 1 and 2, not 1 twice. */
export async function nextBatchNo(db: Executor, siteId: string): Promise<number> {
  await sql`select pg_advisory_xact_lock(hashtext(${`voucher_batches:${siteId}`}))`.execute(db);
  const row = await db
    .selectFrom('voucher_batches')
    .select((eb) => eb.fn.max('batch_no').as('max'))
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

export function insertBatch(
  db: Executor,
  row: {
    id: string;
    site_id: string;
    batch_no: number;
    card_type: string;
    amount_fen: number;
    card_count: number;
    expires_at: Date;
    created_by: string;
    created_at: Date;
  },
) {
  return db.insertInto('voucher_batches').values(row).execute();
}

/** The plain numbers and passwords, sealed, kept only until the one download. */
export function sealSecrets(db: Executor, batchId: string, sealed: string) {
  return db
    .updateTable('voucher_batches')
    .set({ sealed_secrets: sealed })
    .where('id', '=', batchId)
    .execute();
}

/** Insert the cards; returns the numbers that went in (a taken number is skipped, not an error). */
export async function insertVouchers(
  db: Executor,
  rows: {
    site_id: string;
    card_no: string;
    password_hash: string;
    card_type: string;
    amount_fen: number;
    batch_id: string;
    expires_at: Date;
    created_at: Date;
  }[],
): Promise<Set<string>> {
  const inserted = await db
    .insertInto('top_up_vouchers')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['site_id', 'card_no']).doNothing())
    .returning('card_no')
    .execute();
  return new Set(inserted.map((row) => row.card_no));
}

/** Batches of the site, newest first, with their cards counted by state at `now`. */
export function listBatches(db: Executor, siteId: string, now: Date, batchId?: string) {
  let query = db
    .selectFrom('voucher_batches as b')
    .innerJoin('card_types as t', (join) =>
      join.onRef('t.site_id', '=', 'b.site_id').onRef('t.code', '=', 'b.card_type'),
    )
    .innerJoin('staff as c', 'c.id', 'b.created_by')
    .leftJoin('staff as d', 'd.id', 'b.downloaded_by')
    .select([
      'b.id',
      'b.batch_no',
      'b.card_type',
      't.name as card_type_name',
      'b.amount_fen',
      'b.card_count',
      'b.expires_at',
      'b.created_at',
      'c.username as created_by',
      'b.downloaded_at',
      'd.username as downloaded_by',
    ])
    .select([
      sql<string>`(select count(*) from top_up_vouchers v
        where v.batch_id = b.id and v.used_at is null and v.voided_at is null)`.as('unused'),
      sql<string>`(select count(*) from top_up_vouchers v
        where v.batch_id = b.id and v.used_at is not null)`.as('redeemed'),
      sql<string>`(select count(*) from top_up_vouchers v
        where v.batch_id = b.id and v.voided_at is not null)`.as('voided'),
      sql<string>`(select count(*) from top_up_vouchers v
        where v.batch_id = b.id and v.used_at is null and v.voided_at is null
          and v.expires_at <= ${now})`.as('expired'),
    ])
    .where('b.site_id', '=', siteId);
  if (batchId) query = query.where('b.id', '=', batchId);
  return query.orderBy('b.batch_no', 'desc').execute();
}

export function findBatchForUpdate(db: Executor, siteId: string, batchId: string) {
  return db
    .selectFrom('voucher_batches as b')
    .leftJoin('staff as d', 'd.id', 'b.downloaded_by')
    .select(['b.id', 'b.batch_no', 'b.sealed_secrets', 'b.downloaded_at', 'd.username'])
    .where('b.site_id', '=', siteId)
    .where('b.id', '=', batchId)
    .forUpdate('b')
    .executeTakeFirst();
}

/** The one download: only a batch not downloaded yet gives its sealed secrets, and drops them. */
export function claimDownload(db: Executor, batchId: string, staffId: string, at: Date) {
  return db
    .updateTable('voucher_batches')
    .set({ downloaded_at: at, downloaded_by: staffId, sealed_secrets: null })
    .where('id', '=', batchId)
    .where('downloaded_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

/** Void every card of the batch that is neither used nor voided; returns their numbers. */
export function voidBatchVouchers(db: Executor, batchId: string, staffId: string, at: Date) {
  return db
    .updateTable('top_up_vouchers')
    .set({ voided_at: at, voided_by: staffId })
    .where('batch_id', '=', batchId)
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
    .returning('card_no')
    .execute();
}

export function findVoucherForUpdate(db: Executor, siteId: string, cardNo: string) {
  return db
    .selectFrom('top_up_vouchers')
    .select(['id', 'card_no', 'batch_id', 'used_at', 'voided_at', 'amount_fen', 'card_type'])
    .where('site_id', '=', siteId)
    .where('card_no', '=', cardNo)
    .forUpdate()
    .executeTakeFirst();
}

export function voidVoucher(db: Executor, voucherId: string, staffId: string, at: Date) {
  return db
    .updateTable('top_up_vouchers')
    .set({ voided_at: at, voided_by: staffId })
    .where('id', '=', voucherId)
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
    .returning('voided_at')
    .executeTakeFirst();
}

/** Moviegoers' cards by card number, or every card of the moviegoer with this phone. */
export function findCards(db: Executor, siteId: string, q: string) {
  return db
    .selectFrom('cards as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.card_no',
      'c.name',
      'c.card_types',
      'c.balance_fen',
      'u.nickname',
      'u.phone',
      sql<string>`(select coalesce(sum(l.amount_fen), 0) from card_ledger l
        where l.card_id = c.id)`.as('ledger_fen'),
    ])
    .where('c.site_id', '=', siteId)
    .where((eb) => eb.or([eb('c.card_no', '=', q), eb('u.phone', '=', q)]))
    .orderBy('c.created_at')
    .orderBy('c.card_no')
    .limit(20)
    .execute();
}

export function findCardById(db: Executor, siteId: string, cardId: string) {
  return db
    .selectFrom('cards')
    .select(['id', 'card_no', 'user_id'])
    .where('site_id', '=', siteId)
    .where('id', '=', cardId)
    .executeTakeFirst();
}

export function recentLedger(db: Executor, cardIds: string[], perCard: number) {
  if (cardIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('card_ledger')
    .select(['id', 'card_id', 'kind', 'amount_fen', 'balance_after_fen', 'reason', 'created_at'])
    .where('card_id', 'in', cardIds)
    .orderBy('id', 'desc')
    .limit(perCard * cardIds.length)
    .execute();
}
