import { z } from 'zod';
import { defineCall } from '../call.js';
import { couponDiscountKinds, couponScopes } from '../rules/coupons.js';
import type { StaffRole } from './staff-rules.js';

/**
 * Coupon campaigns in the console (`/api/console/coupons/...`, area `coupons`, decision 030):
 * the list with how many coupons were given and used, creating a campaign, changing what is safe
 * to change (title, end, quantity), and pausing, resuming or ending it. Money is integer fen.
 */

/** What staff set: `active` gives coupons, `paused` gives none until resumed, `ended` is final. */
export const campaignStates = ['active', 'paused', 'ended'] as const;
export type CampaignState = (typeof campaignStates)[number];

/** What the list shows: the state read together with the dates and what is left. */
export const campaignPhases = ['scheduled', 'running', 'paused', 'soldOut', 'ended'] as const;
export type CampaignPhase = (typeof campaignPhases)[number];

export const campaignActions = ['pause', 'resume', 'end'] as const;
export type CampaignAction = (typeof campaignActions)[number];

/** The largest amount off (¥1,000) and quantity staff may type: more is a typo. */
export const CAMPAIGN_MAX_AMOUNT_FEN = 100_000;
export const CAMPAIGN_MAX_QUANTITY = 1_000_000;
export const CAMPAIGN_MAX_PER_USER = 100;
/** A campaign runs at most two years. */
export const CAMPAIGN_MAX_DAYS = 731;

export const couponAuditActions = [
  'couponCampaign.create',
  'couponCampaign.update',
  'couponCampaign.pause',
  'couponCampaign.resume',
  'couponCampaign.end',
] as const;

/** The state an action moves a campaign to, from the states it may start in. */
const moves: Record<CampaignAction, { from: readonly CampaignState[]; to: CampaignState }> = {
  pause: { from: ['active'], to: 'paused' },
  resume: { from: ['paused'], to: 'active' },
  end: { from: ['active', 'paused'], to: 'ended' },
};

/** Where `action` takes a campaign in `state`, or null when it may not. */
export function campaignMove(state: CampaignState, action: CampaignAction): CampaignState | null {
  return moves[action].from.includes(state) ? moves[action].to : null;
}

export function campaignPhaseOf(
  campaign: {
    state: CampaignState;
    validFrom: Date;
    validTo: Date;
    issuedCount: number;
    totalQuantity: number;
  },
  now: Date,
): CampaignPhase {
  if (campaign.state === 'ended' || now >= campaign.validTo) return 'ended';
  if (campaign.state === 'paused') return 'paused';
  if (campaign.issuedCount >= campaign.totalQuantity) return 'soldOut';
  return now < campaign.validFrom ? 'scheduled' : 'running';
}

/**
 * Which campaigns a staff member may change: owners any of their site's; a manager only a
 * campaign limited to cinemas they all cover (a site-wide one is the owner's). Null when allowed.
 */
export function campaignCoverProblem(
  staff: { role: StaffRole; cinemaIds: readonly string[] },
  cinemaIds: readonly string[],
): { siteWide: true } | { cinemaId: string } | null {
  if (staff.role === 'owner') return null;
  if (cinemaIds.length === 0) return { siteWide: true };
  const missing = cinemaIds.find((id) => !staff.cinemaIds.includes(id));
  return missing ? { cinemaId: missing } : null;
}

export interface CampaignTermsProblem {
  field: string;
  hint: string;
  hintEn: string;
}

/**
 * The rules a new campaign's terms keep, beyond the fields' own ranges (the table's CHECKs say
 * the same). Null when they hold.
 */
export function campaignTermsProblem(terms: {
  promoCode: string | null;
  isForNewUsers: boolean;
  discountKind: (typeof couponDiscountKinds)[number];
  discountValue: number;
  capFen: number | null;
  validFrom: string;
  validTo: string;
  totalQuantity: number;
  perUserLimit: number;
}): CampaignTermsProblem | null {
  if (!terms.promoCode && !terms.isForNewUsers) {
    return {
      field: 'promoCode',
      hint: '请填写优惠码，或选择发给新用户（也可以两者都要）',
      hintEn: 'Give a promo code, or hand coupons to new users (or both).',
    };
  }
  if (terms.discountKind === 'percent') {
    if (terms.discountValue < 1 || terms.discountValue > 99) {
      return {
        field: 'discountValue',
        hint: '折扣比例为 1% 到 99%',
        hintEn: 'A percentage off is 1 to 99.',
      };
    }
  } else if (terms.discountValue > CAMPAIGN_MAX_AMOUNT_FEN) {
    return {
      field: 'discountValue',
      hint: '立减金额最多 1000 元',
      hintEn: 'An amount off is at most ¥1,000.',
    };
  } else if (terms.capFen !== null) {
    return {
      field: 'capFen',
      hint: '封顶金额只用于按比例打折',
      hintEn: 'A cap goes with a percentage off only.',
    };
  }
  const from = Date.parse(terms.validFrom);
  const to = Date.parse(terms.validTo);
  if (!(to > from)) {
    return {
      field: 'validTo',
      hint: '结束时间必须晚于开始时间',
      hintEn: 'The end must be after the start.',
    };
  }
  if (to - from > CAMPAIGN_MAX_DAYS * 86_400_000) {
    return {
      field: 'validTo',
      hint: '活动最长两年',
      hintEn: 'A campaign runs at most two years.',
    };
  }
  if (terms.perUserLimit > terms.totalQuantity) {
    return {
      field: 'perUserLimit',
      hint: '每人限领不能多于发放总量',
      hintEn: 'The per-person limit cannot exceed the total quantity.',
    };
  }
  return null;
}

const isoTime = z.string().datetime({ offset: true });
const idSchema = z.string().trim().min(1).max(64);
const titleSchema = z.string().trim().min(1).max(40);
const quantitySchema = z.number().int().min(1).max(CAMPAIGN_MAX_QUANTITY);
const idList = z
  .array(z.string().uuid())
  .max(50)
  .refine((ids) => new Set(ids).size === ids.length, 'listed twice');

/** Promo codes are kept upper-case (the moviegoer's typing is matched trimmed, any case). */
export const promoCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,40}$/, '3 to 40 letters, digits, - or _');

export const campaignFieldsSchema = z
  .object({
    title: titleSchema,
    promoCode: promoCodeSchema.nullable(),
    isForNewUsers: z.boolean(),
    discountKind: z.enum(couponDiscountKinds),
    /** amount: fen off; percent: 1–99. */
    discountValue: z.number().int().min(1),
    /** percent only: at most this many fen off; null: no cap. */
    capFen: z.number().int().min(1).max(CAMPAIGN_MAX_AMOUNT_FEN).nullable(),
    minSpendFen: z.number().int().min(0).max(10_000_000),
    scope: z.enum(couponScopes),
    filmIds: idList,
    cinemaIds: idList,
    validFrom: isoTime,
    validTo: isoTime,
    totalQuantity: quantitySchema,
    perUserLimit: z.number().int().min(1).max(CAMPAIGN_MAX_PER_USER),
  })
  .superRefine((fields, ctx) => {
    const problem = campaignTermsProblem(fields);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.hintEn });
  });
export type CampaignFields = z.input<typeof campaignFieldsSchema>;

const namedSchema = z.object({ id: z.string(), name: z.string() });

export const consoleCampaignSchema = z.object({
  id: z.string(),
  title: z.string(),
  promoCode: z.string().nullable(),
  isForNewUsers: z.boolean(),
  discountKind: z.enum(couponDiscountKinds),
  discountValue: z.number().int(),
  capFen: z.number().int().nullable(),
  minSpendFen: z.number().int(),
  scope: z.enum(couponScopes),
  films: z.array(namedSchema),
  cinemas: z.array(namedSchema),
  validFrom: z.string(),
  validTo: z.string(),
  totalQuantity: z.number().int(),
  perUserLimit: z.number().int(),
  state: z.enum(campaignStates),
  phase: z.enum(campaignPhases),
  /** Coupons given out, of them used on a paid order, and held by an unpaid one. */
  issuedCount: z.number().int(),
  usedCount: z.number().int(),
  heldCount: z.number().int(),
  /** What the used coupons took off their orders, fen. */
  usedDiscountFen: z.number().int(),
  /** Whether the signed-in staff member may change it (campaignCoverProblem). */
  canChange: z.boolean(),
  createdAt: z.string(),
});
export type ConsoleCampaign = z.infer<typeof consoleCampaignSchema>;

export const campaignListCall = defineCall({
  method: 'GET',
  path: '/console/coupons/campaigns',
  isSignedIn: true,
  answer: z.object({
    list: z.array(consoleCampaignSchema),
    /** What a new campaign may be limited to: the site's films, the cinemas the staff covers. */
    films: z.array(namedSchema),
    cinemas: z.array(namedSchema),
  }),
});

export const campaignCreateCall = defineCall({
  method: 'POST',
  path: '/console/coupons/campaigns/create',
  isSignedIn: true,
  body: campaignFieldsSchema,
  answer: consoleCampaignSchema,
});

/** What is safe to change once coupons may be out: the title, the end, the quantity. */
export const campaignUpdateCall = defineCall({
  method: 'POST',
  path: '/console/coupons/campaigns/update',
  isSignedIn: true,
  body: z.object({
    campaignId: idSchema,
    title: titleSchema,
    validTo: isoTime,
    /** Not below the coupons already given (COUPON_QUANTITY_BELOW_ISSUED). */
    totalQuantity: quantitySchema,
  }),
  answer: consoleCampaignSchema,
});

export const campaignStateCall = defineCall({
  method: 'POST',
  path: '/console/coupons/campaigns/state',
  isSignedIn: true,
  body: z.object({ campaignId: idSchema, action: z.enum(campaignActions) }),
  answer: consoleCampaignSchema,
});
