import { parseArgs } from 'node:util';
import { couponScopes, yuanToFen, type CouponScope } from '@marquee/contracts';
import { openDatabase } from '../db/client.js';
import { migrateToLatest } from '../db/migrate.js';
import { readEnv } from '../env.js';
import { createCampaign } from '../modules/coupons/index.js';
import { findSiteIdByCode } from '../modules/staff/index.js';

/**
 * Create a coupon campaign from the command line (the console's 优惠券 page does the same,
 * decision 030):
 *
 *   npm run coupon:create -- --site www-test --title 新客立减10元 --code NEW10 --amount 10 \
 *     --min-spend 30 --scope tickets --from 2026-12-01 --to 2027-01-01 --quantity 1000 --per-user 1
 *   npm run coupon:create -- --site www-test --title 卖品85折 --code SNACK15 --percent 15 --cap 20 \
 *     --scope goods --to 2027-01-01 --quantity 500 --per-user 2 [--film <id>]... [--cinema <id>]...
 *   npm run coupon:create -- --site www-test --title 新人礼 --for-new-users --amount 5 --to 2027-01-01 \
 *     --quantity 10000
 */
const usage = `usage: npm run coupon:create -- --site <code> --title <text> [--code <PROMO>] [--for-new-users]
  (--amount <yuan> | --percent <1-99> [--cap <yuan>]) [--min-spend <yuan>] [--scope tickets|goods|both]
  [--from <ISO date>] --to <ISO date> --quantity <n> [--per-user <n>] [--film <id>]... [--cinema <id>]...`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    site: { type: 'string' },
    title: { type: 'string' },
    code: { type: 'string' },
    'for-new-users': { type: 'boolean', default: false },
    amount: { type: 'string' },
    percent: { type: 'string' },
    cap: { type: 'string' },
    'min-spend': { type: 'string', default: '0' },
    scope: { type: 'string', default: 'both' },
    from: { type: 'string' },
    to: { type: 'string' },
    quantity: { type: 'string' },
    'per-user': { type: 'string', default: '1' },
    film: { type: 'string', multiple: true, default: [] },
    cinema: { type: 'string', multiple: true, default: [] },
  },
});

const positiveInt = (name: string, text: string | undefined): number => {
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0) fail(`--${name} must be a positive whole number`);
  return n;
};
const yuan = (name: string, text: string): number => {
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) fail(`--${name} must be an amount in yuan, like 10 or 9.90`);
  return yuanToFen(n);
};
const date = (name: string, text: string): Date => {
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) fail(`--${name} must be a date or time, like 2026-12-31`);
  return at;
};

async function main() {
  const siteCode = values.site?.trim() || fail('--site is required');
  const title = values.title?.trim() || fail('--title is required');
  const isForNewUsers = values['for-new-users'];
  const promoCode = values.code?.trim() || null;
  if (!promoCode && !isForNewUsers) fail('give --code, --for-new-users, or both');
  if ((values.amount === undefined) === (values.percent === undefined)) {
    fail('give exactly one of --amount and --percent');
  }
  const isAmount = values.amount !== undefined;
  const discountValue = isAmount
    ? yuan('amount', values.amount ?? '')
    : positiveInt('percent', values.percent);
  if (!isAmount && discountValue > 99) fail('--percent must be 1 to 99');
  if (isAmount && values.cap !== undefined) fail('--cap goes with --percent');
  const scope = values.scope as CouponScope;
  if (!couponScopes.includes(scope)) fail('--scope must be tickets, goods or both');
  const validFrom = values.from ? date('from', values.from) : new Date();
  const validTo = date('to', values.to ?? fail('--to is required'));
  if (validTo <= validFrom) fail('--to must be after --from');

  const env = readEnv();
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: env.DATA_DIR },
  );
  try {
    await migrateToLatest(database.db);
    const site = await findSiteIdByCode(database.db, siteCode);
    if (!site) fail(`no site "${siteCode}"`);
    const campaign = await createCampaign(database.db, {
      siteId: site.id,
      title,
      promoCode,
      isForNewUsers,
      discountKind: isAmount ? 'amount' : 'percent',
      discountValue,
      capFen: values.cap === undefined ? null : yuan('cap', values.cap),
      minSpendFen: yuan('min-spend', values['min-spend']),
      scope,
      filmIds: values.film,
      cinemaIds: values.cinema,
      validFrom,
      validTo,
      totalQuantity: positiveInt('quantity', values.quantity),
      perUserLimit: positiveInt('per-user', values['per-user']),
    });
    console.log(
      `site ${siteCode}: campaign ${campaign.campaignId}` +
        (campaign.promoCode ? `, promo code ${campaign.promoCode}` : '') +
        (isForNewUsers ? ', given to every new user' : '') +
        '.',
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
