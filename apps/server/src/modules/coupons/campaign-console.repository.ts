import { sql } from 'kysely';
import type { Executor } from '../../db/schema.js';

/** SQL of the console's campaign calls; every function takes the caller's executor. */

/** A site's campaigns with how many coupons are out, used, held, and what the used ones gave. */
export function listWithCounts(db: Executor, siteId: string, campaignId?: string) {
  let query = db
    .selectFrom('coupon_campaigns as k')
    .leftJoin('coupons as c', 'c.campaign_id', 'k.id')
    .selectAll('k')
    .select([
      sql<number>`(count(c.id) filter (where c.status = 'used'))::int`.as('used_count'),
      sql<number>`(count(c.id) filter (where c.status = 'held'))::int`.as('held_count'),
      sql<number>`coalesce(sum(c.discount_fen) filter (where c.status = 'used'), 0)::int`.as(
        'used_discount_fen',
      ),
    ])
    .where('k.site_id', '=', siteId)
    .groupBy('k.id')
    .orderBy('k.created_at', 'desc')
    .orderBy('k.id');
  if (campaignId) query = query.where('k.id', '=', campaignId);
  return query.execute();
}
export type CampaignWithCounts = Awaited<ReturnType<typeof listWithCounts>>[number];

/** The campaign, locked for the rest of the transaction (redemptions wait behind it). */
export function lockCampaign(trx: Executor, siteId: string, campaignId: string) {
  return trx
    .selectFrom('coupon_campaigns')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', campaignId)
    .forUpdate()
    .executeTakeFirst();
}

export function updateCampaign(
  trx: Executor,
  campaignId: string,
  changes: {
    title?: string;
    valid_to?: Date;
    total_quantity?: number;
    state?: 'active' | 'paused' | 'ended';
  },
) {
  return trx
    .updateTable('coupon_campaigns')
    .set(changes)
    .where('id', '=', campaignId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function filmsOfSite(db: Executor, siteId: string) {
  return db
    .selectFrom('films')
    .select(['id', 'title as name'])
    .where('site_id', '=', siteId)
    .orderBy('title')
    .execute();
}

export function cinemasOfSite(db: Executor, siteId: string) {
  return db
    .selectFrom('cinemas')
    .select(['id', 'name'])
    .where('site_id', '=', siteId)
    .orderBy('name')
    .execute();
}

/** How many of `ids` are films (or cinemas) of the site. */
export async function countOfSite(
  db: Executor,
  table: 'films' | 'cinemas',
  siteId: string,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('site_id', '=', siteId)
    .where('id', 'in', [...ids])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
