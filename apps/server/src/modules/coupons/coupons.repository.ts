import { sql, type Insertable } from 'kysely';
import type { CouponCampaignsTable, Executor } from '../../db/schema.js';

/** A coupon with its campaign's terms: what lists and pricing read. */
export function couponsWithTerms(db: Executor) {
  return db
    .selectFrom('coupons as c')
    .innerJoin('coupon_campaigns as k', 'k.id', 'c.campaign_id')
    .select([
      'c.id',
      'c.user_id',
      'c.status',
      'c.order_id',
      'c.created_at',
      'k.site_id',
      'k.title',
      'k.discount_kind',
      'k.discount_value',
      'k.cap_fen',
      'k.min_spend_fen',
      'k.scope',
      'k.film_ids',
      'k.cinema_ids',
      'k.valid_from',
      'k.valid_to',
    ]);
}
export type CouponWithTerms = Awaited<
  ReturnType<ReturnType<typeof couponsWithTerms>['executeTakeFirstOrThrow']>
>;

export function listByUser(db: Executor, userId: string) {
  return couponsWithTerms(db)
    .where('c.user_id', '=', userId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id')
    .execute();
}

export function findOfUser(db: Executor, userId: string, couponId: string) {
  return couponsWithTerms(db)
    .where('c.user_id', '=', userId)
    .where('c.id', '=', couponId)
    .executeTakeFirst();
}

export function findCampaignByCode(db: Executor, siteId: string, promoCode: string) {
  return db
    .selectFrom('coupon_campaigns')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('promo_code', '=', promoCode)
    .executeTakeFirst();
}

/** One more coupon given out, if any is left; locks the campaign for the rest of the transaction. */
export async function takeFromCampaign(trx: Executor, campaignId: string): Promise<boolean> {
  const result = await trx
    .updateTable('coupon_campaigns')
    .set({ issued_count: sql`issued_count + 1` })
    .where('id', '=', campaignId)
    .where('state', '=', 'active')
    .whereRef('issued_count', '<', 'total_quantity')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function countOfUser(trx: Executor, campaignId: string, userId: string) {
  const row = await trx
    .selectFrom('coupons')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('campaign_id', '=', campaignId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertCoupon(
  trx: Executor,
  row: { campaign_id: string; user_id: string; seq: number; created_at: Date },
) {
  return trx.insertInto('coupons').values(row).returning('id').executeTakeFirstOrThrow();
}

/** The new campaign; undefined when its promo code belongs to another campaign of the site. */
export function insertCampaign(db: Executor, row: Insertable<CouponCampaignsTable>) {
  return db
    .insertInto('coupon_campaigns')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['site_id', 'promo_code']).where('promo_code', 'is not', null).doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

/** The order's held coupon goes back to unused (the order is re-priced by the caller). */
export function releaseHeld(trx: Executor, orderId: string) {
  return trx
    .updateTable('coupons')
    .set({ status: 'unused', order_id: null, discount_fen: 0 })
    .where('order_id', '=', orderId)
    .where('status', '=', 'held')
    .execute();
}

/** The coupon an unpaid order holds, with its campaign's terms; undefined when none. */
export function findHeldOfOrder(db: Executor, orderId: string) {
  return couponsWithTerms(db)
    .where('c.order_id', '=', orderId)
    .where('c.status', '=', 'held')
    .executeTakeFirst();
}

/** The held coupon of an order priced again (its order's price changed). */
export function setHeldDiscount(trx: Executor, orderId: string, discountFen: number) {
  return trx
    .updateTable('coupons')
    .set({ discount_fen: discountFen })
    .where('order_id', '=', orderId)
    .where('status', '=', 'held')
    .execute();
}

/** Hold an unused coupon for an order: false when another order took it first. */
export async function hold(
  trx: Executor,
  input: { couponId: string; userId: string; orderId: string; discountFen: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('coupons')
    .set({ status: 'held', order_id: input.orderId, discount_fen: input.discountFen })
    .where('id', '=', input.couponId)
    .where('user_id', '=', input.userId)
    .where('status', '=', 'unused')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The film of a film order (its seats are of one show); null for store orders. */
export async function filmOfOrder(db: Executor, orderId: string): Promise<string | null> {
  const row = await db
    .selectFrom('film_order_seats as s')
    .innerJoin('shows as w', 'w.id', 's.show_id')
    .select('w.film_id')
    .where('s.order_id', '=', orderId)
    .limit(1)
    .executeTakeFirst();
  return row?.film_id ?? null;
}

/** Whether a payment of the order is under way (its price cannot change then). */
export async function hasPendingPayment(db: Executor, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('payments')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Boolean(row);
}

export async function namesOf(db: Executor, filmIds: string[], cinemaIds: string[]) {
  const [films, cinemas] = await Promise.all([
    filmIds.length
      ? db.selectFrom('films').select(['id', 'title as name']).where('id', 'in', filmIds).execute()
      : [],
    cinemaIds.length
      ? db.selectFrom('cinemas').select(['id', 'name']).where('id', 'in', cinemaIds).execute()
      : [],
  ]);
  return new Map([...films, ...cinemas].map((row) => [row.id, row.name]));
}
