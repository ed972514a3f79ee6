import type { Executor } from '../schema.js';

/**
 * The demo site's coupon campaigns (decision 024), given by promo code for a year from the day
 * the demo begins: ¥10 off tickets from ¥30, and 20% off snacks up to ¥10. Added once (when the
 * site has no campaign yet), so a demo database made before coupons gets them too.
 */
export const demoPromoCodes = { tickets: 'WELCOME10', goods: 'SNACK20' } as const;

export async function seedDemoCoupons(trx: Executor, siteId: string, now: Date): Promise<void> {
  const existing = await trx
    .selectFrom('coupon_campaigns')
    .select('id')
    .where('site_id', '=', siteId)
    .limit(1)
    .executeTakeFirst();
  if (existing) return;
  const validTo = new Date(now.getTime() + 365 * 86_400_000);
  const common = { site_id: siteId, valid_from: now, valid_to: validTo };
  await trx
    .insertInto('coupon_campaigns')
    .values([
      {
        ...common,
        title: '新客购票立减10元',
        promo_code: demoPromoCodes.tickets,
        discount_kind: 'amount',
        discount_value: 1000,
        min_spend_fen: 3000,
        scope: 'tickets',
        total_quantity: 1_000_000,
        per_user_limit: 1,
      },
      {
        ...common,
        title: '卖品8折',
        promo_code: demoPromoCodes.goods,
        discount_kind: 'percent',
        discount_value: 20,
        cap_fen: 1000,
        scope: 'goods',
        total_quantity: 1_000_000,
        per_user_limit: 2,
      },
    ])
    .execute();
}
