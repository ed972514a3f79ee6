import { normalizePromoCode, type CouponDiscountKind, type CouponScope } from '@marquee/contracts';
import type { Executor } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import * as couponsRepository from './coupons.repository.js';

export interface NewCampaign {
  siteId: string;
  title: string;
  promoCode: string | null;
  isForNewUsers?: boolean;
  discountKind: CouponDiscountKind;
  /** amount: fen off; percent: 1–99. */
  discountValue: number;
  capFen: number | null;
  minSpendFen: number;
  scope: CouponScope;
  filmIds: string[];
  cinemaIds: string[];
  validFrom: Date;
  validTo: Date;
  totalQuantity: number;
  perUserLimit: number;
}

/**
 * A campaign as staff set it up (the console, or the CLI); the table's CHECKs refuse impossible
 * terms, and a promo code another campaign of the site has is COUPON_PROMO_CODE_TAKEN.
 */
export async function createCampaign(db: Executor, input: NewCampaign) {
  const promoCode = input.promoCode ? normalizePromoCode(input.promoCode) : null;
  const row = await couponsRepository.insertCampaign(db, {
    site_id: input.siteId,
    title: input.title.trim(),
    promo_code: promoCode,
    is_for_new_users: input.isForNewUsers ?? false,
    discount_kind: input.discountKind,
    discount_value: input.discountValue,
    cap_fen: input.capFen,
    min_spend_fen: input.minSpendFen,
    scope: input.scope,
    film_ids: input.filmIds,
    cinema_ids: input.cinemaIds,
    valid_from: input.validFrom,
    valid_to: input.validTo,
    total_quantity: input.totalQuantity,
    per_user_limit: input.perUserLimit,
  });
  if (!row) throw new AppError('COUPON_PROMO_CODE_TAKEN', { promoCode });
  return { campaignId: row.id, promoCode: row.promo_code };
}
