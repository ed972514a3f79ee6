import type { Kysely } from 'kysely';
import type { Database, Executor } from './schema.js';
import { seedDemoCards } from './demo/cards.js';
import { seedDemoCinemas, topUpDemoShows } from './demo/cinemas.js';
import { seedDemoCoupons } from './demo/coupons.js';
import { seedDemoGoods } from './demo/goods.js';
import { seedDemoStaff } from './demo/staff.js';

/** The demo chain that `npm start` shows: site `www-test`, its card types and its people. */
export const DEMO_SITE_CODE = 'www-test';

export const demoUsers = [
  { openid: 'demo-xiaoying', nickname: '小影', phone: '13800138000' },
  { openid: 'demo-alex', nickname: 'Alex', phone: null },
] as const;

async function seedSite(trx: Executor, now: Date): Promise<string> {
  const site = await trx
    .insertInto('sites')
    .values({
      code: DEMO_SITE_CODE,
      name: '星幕影城（演示）',
      short_name: '星幕影城',
      short_name_en: 'Marquee Cinemas',
      messenger_mode: 'sandbox',
      wechat_app_id: 'wx-sandbox-www-test',
      wechat_app_secret: null,
      // The sandbox's stand-ins for the official account's subscription-notice templates (0028).
      notice_template_paid: 'sandbox-notice-paid',
      notice_template_reminder: 'sandbox-notice-reminder',
      notice_template_refunded: 'sandbox-notice-refunded',
      notice_template_ready: 'sandbox-notice-ready',
      notice_template_exchanged: 'sandbox-notice-exchanged',
      settings: JSON.stringify({
        maxSeatsPerOrder: 6,
        holdMinutes: 15,
        refundCutoffMinutes: 60,
        storeOrderMinutes: 15,
        cleaningMinutes: 15,
      }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('card_types')
    .values([
      { site_id: site.id, code: 'general', name: '通用卡', pays_for: 'general', sort_order: 1 },
      { site_id: site.id, code: 'film', name: '影票卡', pays_for: 'film', sort_order: 2 },
      { site_id: site.id, code: 'goods', name: '卖品卡', pays_for: 'goods', sort_order: 3 },
    ])
    .execute();
  await trx
    .insertInto('users')
    .values(
      demoUsers.map((user) => ({
        site_id: site.id,
        openid: user.openid,
        nickname: user.nickname,
        phone: user.phone,
        avatar_url: null,
      })),
    )
    .execute();
  await seedDemoCards(trx, site.id, now);
  await seedDemoCinemas(trx, site.id, now);
  await topUpDemoShows(trx, DEMO_SITE_CODE, now);
  await seedDemoGoods(trx, site.id);
  await seedDemoStaff(trx, site.id);
  return site.id;
}

/**
 * Load the demo data once, on the first start of an empty database. Later starts find the site
 * and leave everything (orders, balances) as people left it; a demo database made before the
 * store existed gets the demo goods once (when the site has no goods category yet), and one made
 * before the console gets the demo staff (when the site has no staff yet).
 */
export async function loadDemoDataOnce(
  db: Kysely<Database>,
  // Seeding is not domain code: the start time of the process is the day the demo begins.
  now: Date = new Date(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('sites')
      .select('id')
      .where('code', '=', DEMO_SITE_CODE)
      .executeTakeFirst();
    if (existing) {
      const hasGoods = await trx
        .selectFrom('goods_categories')
        .select('id')
        .where('site_id', '=', existing.id)
        .limit(1)
        .executeTakeFirst();
      if (!hasGoods) await seedDemoGoods(trx, existing.id);
      // A demo database made before the console gets the demo staff once.
      await seedDemoStaff(trx, existing.id);
      await seedDemoCoupons(trx, existing.id, now);
      return false;
    }
    const siteId = await seedSite(trx, now);
    await seedDemoCoupons(trx, siteId, now);
    return true;
  });
}

/**
 * Keep a week of demo shows ahead: an earlier day's database gets the missing days at start.
 * Idempotent (a hall never gets two shows at one start time).
 */
export async function topUpDemoShowsAtStart(db: Kysely<Database>, now: Date): Promise<number> {
  return db.transaction().execute((trx) => topUpDemoShows(trx, DEMO_SITE_CODE, now));
}
