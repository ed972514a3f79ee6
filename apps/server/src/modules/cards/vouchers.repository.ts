import { sql } from 'kysely';
import type { Executor } from '../../db/schema.js';

export function findVoucher(db: Executor, siteId: string, cardNo: string) {
  return db
    .selectFrom('top_up_vouchers')
    .select([
      'id',
      'password_hash',
      'card_type',
      'amount_fen',
      'used_at',
      'voided_at',
      'expires_at',
    ])
    .where('site_id', '=', siteId)
    .where('card_no', '=', cardNo)
    .executeTakeFirst();
}

/** Failed attempts since `since`, by this user or on this voucher number, oldest first. */
export function recentFailures(
  db: Executor,
  filter: { siteId: string; userId: string; cardNo: string; since: Date },
) {
  const byUser = db
    .selectFrom('voucher_attempts')
    .select('created_at')
    .where('user_id', '=', filter.userId)
    .where('created_at', '>', filter.since)
    .orderBy('created_at')
    .execute();
  const byCardNo = db
    .selectFrom('voucher_attempts')
    .select('created_at')
    .where('site_id', '=', filter.siteId)
    .where('card_no', '=', filter.cardNo)
    .where('created_at', '>', filter.since)
    .orderBy('created_at')
    .execute();
  return Promise.all([byUser, byCardNo]);
}

/** Count one failure, and forget those older than `forgetBefore` (they no longer count). */
export async function recordFailure(
  db: Executor,
  attempt: { siteId: string; userId: string; cardNo: string; at: Date; forgetBefore: Date },
) {
  await db.deleteFrom('voucher_attempts').where('created_at', '<', attempt.forgetBefore).execute();
  return db
    .insertInto('voucher_attempts')
    .values({
      site_id: attempt.siteId,
      user_id: attempt.userId,
      card_no: attempt.cardNo,
      created_at: attempt.at,
    })
    .execute();
}

/**
 * Mark the voucher used, once: the guards make a second use, a voided or an expired voucher find
 * nothing (a void and a use of one voucher serialise on its row).
 */
export function claimVoucher(
  db: Executor,
  claim: { voucherId: string; userId: string; cardId: string; at: Date },
) {
  return db
    .updateTable('top_up_vouchers')
    .set({ used_at: claim.at, used_by: claim.userId, card_id: claim.cardId })
    .where('id', '=', claim.voucherId)
    .where('used_at', 'is', null)
    .where('voided_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', claim.at)]))
    .returning(['amount_fen'])
    .executeTakeFirst();
}

export function lockUser(db: Executor, userId: string) {
  return db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** The user's card for this type: a card of only that type first, then the oldest. */
export function findCardForType(db: Executor, siteId: string, userId: string, cardType: string) {
  return db
    .selectFrom('cards')
    .select(['id', 'card_no', 'name', 'card_types', 'balance_fen'])
    .where('site_id', '=', siteId)
    .where('user_id', '=', userId)
    .where(sql<boolean>`card_types @> array[${cardType}]::text[]`)
    .orderBy(sql`cardinality(card_types)`)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export function cardTypeOf(db: Executor, siteId: string, cardType: string) {
  return db
    .selectFrom('card_types')
    .select(['name', 'pays_for'])
    .where('site_id', '=', siteId)
    .where('code', '=', cardType)
    .executeTakeFirst();
}

/** Open a card; undefined when the number is taken (the caller draws another). */
export function insertCard(
  db: Executor,
  card: {
    siteId: string;
    userId: string;
    cardNo: string;
    name: string;
    cardType: string;
    at: Date;
  },
) {
  return db
    .insertInto('cards')
    .values({
      site_id: card.siteId,
      user_id: card.userId,
      card_no: card.cardNo,
      name: card.name,
      card_types: [card.cardType],
      created_at: card.at,
    })
    .onConflict((conflict) => conflict.columns(['site_id', 'card_no']).doNothing())
    .returning(['id', 'card_no', 'name', 'card_types', 'balance_fen'])
    .executeTakeFirst();
}
