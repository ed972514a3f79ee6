import type { CallAnswer, CallBody } from '@marquee/contracts';
import {
  campaignCoverProblem,
  campaignMove,
  campaignPhaseOf,
  CAMPAIGN_MAX_DAYS,
  type CampaignAction,
  type ConsoleCampaign,
  type campaignCreateCall,
  type campaignListCall,
  type campaignUpdateCall,
} from '@marquee/contracts/console';
import type { AppDeps, SignedInStaff } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { SiteRow } from '../site/index.js';
import { recordAudit } from '../staff/index.js';
import * as repository from './campaign-console.repository.js';
import type { CampaignWithCounts } from './campaign-console.repository.js';
import { createCampaign } from './campaigns.js';
import * as couponsRepository from './coupons.repository.js';

/**
 * The console's campaign use cases (area `coupons`, decision 030). Each change is one
 * transaction with its audit row; the campaign row is locked first, so redemptions wait behind an
 * edit and the quantity is compared with a count no one else can move meanwhile (the CHECK of
 * 0026 refuses `issued_count > total_quantity` whatever happens).
 */

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type CampaignRow = NonNullable<Awaited<ReturnType<typeof repository.lockCampaign>>>;

/** GET /api/console/coupons/campaigns: newest first, with counts and what a new one may name. */
export async function listCampaigns(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
): Promise<CallAnswer<typeof campaignListCall>> {
  const [rows, films, cinemas] = await Promise.all([
    repository.listWithCounts(deps.db, site.id),
    repository.filmsOfSite(deps.db, site.id),
    repository.cinemasOfSite(deps.db, site.id),
  ]);
  const names = new Map([...films, ...cinemas].map((row) => [row.id, row.name]));
  const now = deps.clock.now();
  return {
    list: rows.map((row) => campaignOf(row, names, staff, now)),
    films,
    cinemas: cinemas.filter((c) => staff.role === 'owner' || staff.cinemaIds.includes(c.id)),
  };
}

/** POST /api/console/coupons/campaigns/create: `couponCampaign.create`. */
export async function createConsoleCampaign(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: CallBody<typeof campaignCreateCall>,
): Promise<ConsoleCampaign> {
  const now = deps.clock.now();
  requireCover(staff, body.cinemaIds);
  const validFrom = new Date(body.validFrom);
  const validTo = new Date(body.validTo);
  requireFutureEnd(validTo, now);
  const campaignId = await deps.db.transaction().execute(async (trx) => {
    await requireOfSite(trx, 'films', site.id, body.filmIds);
    await requireOfSite(trx, 'cinemas', site.id, body.cinemaIds);
    const created = await createCampaign(trx, {
      siteId: site.id,
      title: body.title,
      promoCode: body.promoCode,
      isForNewUsers: body.isForNewUsers,
      discountKind: body.discountKind,
      discountValue: body.discountValue,
      capFen: body.capFen,
      minSpendFen: body.minSpendFen,
      scope: body.scope,
      filmIds: body.filmIds,
      cinemaIds: body.cinemaIds,
      validFrom,
      validTo,
      totalQuantity: body.totalQuantity,
      perUserLimit: body.perUserLimit,
    });
    await recordAudit(trx, site, staff, now, {
      action: 'couponCampaign.create',
      entity: 'couponCampaign',
      entityId: created.campaignId,
      after: { ...body, promoCode: created.promoCode },
    });
    return created.campaignId;
  });
  return readCampaign(deps, site, staff, campaignId);
}

/** POST /api/console/coupons/campaigns/update: title, end, quantity. `couponCampaign.update`. */
export async function updateConsoleCampaign(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: CallBody<typeof campaignUpdateCall>,
): Promise<ConsoleCampaign> {
  const now = deps.clock.now();
  const validTo = new Date(body.validTo);
  await deps.db.transaction().execute(async (trx) => {
    const before = await lockChangeable(trx, site, staff, body.campaignId, now);
    requireFutureEnd(validTo, now);
    if (validTo.getTime() - before.valid_from.getTime() > CAMPAIGN_MAX_DAYS * 86_400_000) {
      throw new AppError('VALIDATION_FAILED', {
        fields: ['body.validTo'],
        hint: '活动最长两年',
        hintEn: 'A campaign runs at most two years.',
      });
    }
    if (body.totalQuantity < before.issued_count) {
      throw new AppError('COUPON_QUANTITY_BELOW_ISSUED', { issuedCount: before.issued_count });
    }
    const after = await repository.updateCampaign(trx, before.id, {
      title: body.title.trim(),
      valid_to: validTo,
      total_quantity: body.totalQuantity,
    });
    await recordAudit(trx, site, staff, now, {
      action: 'couponCampaign.update',
      entity: 'couponCampaign',
      entityId: before.id,
      before: editableOf(before),
      after: editableOf(after),
    });
  });
  return readCampaign(deps, site, staff, body.campaignId);
}

/** POST /api/console/coupons/campaigns/state: pause, resume or end. `couponCampaign.<action>`. */
export async function moveConsoleCampaign(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: { campaignId: string; action: CampaignAction },
): Promise<ConsoleCampaign> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await lockChangeable(trx, site, staff, body.campaignId, now);
    const to = campaignMove(before.state, body.action);
    if (!to) throw new AppError('COUPON_CAMPAIGN_STATE_CONFLICT', { state: before.state });
    await repository.updateCampaign(trx, before.id, { state: to });
    await recordAudit(trx, site, staff, now, {
      action: `couponCampaign.${body.action}`,
      entity: 'couponCampaign',
      entityId: before.id,
      before: { state: before.state },
      after: { state: to },
    });
  });
  return readCampaign(deps, site, staff, body.campaignId);
}

/** The campaign locked, of this site, one the staff member covers, not ended. */
async function lockChangeable(
  trx: Executor,
  site: SiteRow,
  staff: SignedInStaff,
  campaignId: string,
  now: Date,
): Promise<CampaignRow> {
  const row = isUuid(campaignId)
    ? await repository.lockCampaign(trx, site.id, campaignId)
    : undefined;
  if (!row) throw notFound('The coupon campaign', '优惠券活动');
  requireCover(staff, row.cinema_ids);
  if (row.state === 'ended' || now >= row.valid_to) throw new AppError('COUPON_CAMPAIGN_ENDED');
  return row;
}

function requireCover(staff: SignedInStaff, cinemaIds: readonly string[]): void {
  const problem = campaignCoverProblem(staff, cinemaIds);
  if (!problem) return;
  throw 'cinemaId' in problem
    ? new AppError('STAFF_FORBIDDEN', { cinemaId: problem.cinemaId })
    : // A site-wide campaign is the owner's: a manager names cinemas they cover.
      new AppError('STAFF_FORBIDDEN', { role: staff.role, roleZh: '店长' });
}

function requireFutureEnd(validTo: Date, now: Date): void {
  if (validTo <= now) {
    throw new AppError('VALIDATION_FAILED', {
      fields: ['body.validTo'],
      hint: '结束时间必须晚于现在',
      hintEn: 'The end must be later than now.',
    });
  }
}

async function requireOfSite(
  trx: Executor,
  table: 'films' | 'cinemas',
  siteId: string,
  ids: readonly string[],
): Promise<void> {
  if ((await repository.countOfSite(trx, table, siteId, ids)) === ids.length) return;
  const [hint, hintEn] =
    table === 'films'
      ? [
          '所选影片不属于本站点，请刷新后重选',
          'A chosen film is not of this site. Reload and pick again.',
        ]
      : [
          '所选影城不属于本站点，请刷新后重选',
          'A chosen cinema is not of this site. Reload and pick again.',
        ];
  throw new AppError('VALIDATION_FAILED', {
    fields: [`body.${table === 'films' ? 'filmIds' : 'cinemaIds'}`],
    hint,
    hintEn,
  });
}

async function readCampaign(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  campaignId: string,
): Promise<ConsoleCampaign> {
  const [row] = await repository.listWithCounts(deps.db, site.id, campaignId);
  if (!row) throw notFound('The coupon campaign', '优惠券活动');
  const names = await couponsRepository.namesOf(deps.db, row.film_ids, row.cinema_ids);
  return campaignOf(row, names, staff, deps.clock.now());
}

function editableOf(row: CampaignRow) {
  return {
    title: row.title,
    validTo: row.valid_to.toISOString(),
    totalQuantity: row.total_quantity,
  };
}

function campaignOf(
  row: CampaignWithCounts,
  names: Map<string, string>,
  staff: SignedInStaff,
  now: Date,
): ConsoleCampaign {
  const named = (id: string) => ({ id, name: names.get(id) ?? id });
  return {
    id: row.id,
    title: row.title,
    promoCode: row.promo_code,
    isForNewUsers: row.is_for_new_users,
    discountKind: row.discount_kind,
    discountValue: row.discount_value,
    capFen: row.cap_fen,
    minSpendFen: row.min_spend_fen,
    scope: row.scope,
    films: row.film_ids.map(named),
    cinemas: row.cinema_ids.map(named),
    validFrom: row.valid_from.toISOString(),
    validTo: row.valid_to.toISOString(),
    totalQuantity: row.total_quantity,
    perUserLimit: row.per_user_limit,
    state: row.state,
    phase: campaignPhaseOf(
      {
        state: row.state,
        validFrom: row.valid_from,
        validTo: row.valid_to,
        issuedCount: row.issued_count,
        totalQuantity: row.total_quantity,
      },
      now,
    ),
    issuedCount: row.issued_count,
    usedCount: row.used_count,
    heldCount: row.held_count,
    usedDiscountFen: row.used_discount_fen,
    canChange: campaignCoverProblem(staff, row.cinema_ids) === null,
    createdAt: row.created_at.toISOString(),
  };
}
