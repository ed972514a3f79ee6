import type { Dayjs } from 'dayjs';
import type { CampaignFields, ConsoleCampaign } from '@marquee/contracts/console';
import { chinaInstant, chinaTime } from '../../lib/china-time';
import { toFen } from './coupons-format';

/** The campaign drawer's form as typed: yuan, percent and China wall-clock times. */
export interface CampaignFormValues {
  title: string;
  promoCode?: string;
  isForNewUsers: boolean;
  discountKind: 'amount' | 'percent';
  amount?: number;
  percent?: number;
  cap?: number | null;
  minSpend: number;
  scope: 'tickets' | 'goods' | 'both';
  filmIds: string[];
  cinemaIds: string[];
  validFrom: Dayjs;
  validTo: Dayjs;
  totalQuantity: number;
  perUserLimit: number;
}

/**
 * The starting values: what may change of an existing campaign (name, end, total), or a new
 * amount-off campaign for tickets, one per person, from now to the end of the 30th day.
 */
export function campaignFormValues(
  editing: ConsoleCampaign | null,
  now: Date,
): Partial<CampaignFormValues> {
  if (editing) {
    return {
      title: editing.title,
      validTo: chinaTime(editing.validTo),
      totalQuantity: editing.totalQuantity,
    };
  }
  const start = chinaTime(now);
  return {
    isForNewUsers: false,
    discountKind: 'amount',
    minSpend: 0,
    scope: 'tickets',
    filmIds: [],
    cinemaIds: [],
    validFrom: start.startOf('minute'),
    validTo: start.add(30, 'day').endOf('day').startOf('minute'),
    perUserLimit: 1,
  };
}

/**
 * A new campaign's call from the form: fen of yuan, a cap only on percent discounts, no films
 * for a goods-only campaign, no promo code when left blank, times at the cinemas.
 */
export function campaignFieldsOf(values: CampaignFormValues): CampaignFields {
  const isAmount = values.discountKind === 'amount';
  return {
    title: values.title,
    promoCode: values.promoCode?.trim() ? values.promoCode.trim() : null,
    isForNewUsers: values.isForNewUsers,
    discountKind: values.discountKind,
    discountValue: isAmount ? toFen(values.amount ?? 0) : (values.percent ?? 0),
    capFen: !isAmount && values.cap ? toFen(values.cap) : null,
    minSpendFen: toFen(values.minSpend ?? 0),
    scope: values.scope,
    filmIds: values.scope === 'goods' ? [] : values.filmIds,
    cinemaIds: values.cinemaIds,
    validFrom: chinaInstant(values.validFrom),
    validTo: chinaInstant(values.validTo),
    totalQuantity: values.totalQuantity,
    perUserLimit: values.perUserLimit,
  };
}

/** What changes of an existing campaign: its name, end and total. */
export const campaignUpdateOf = (campaignId: string, values: CampaignFormValues) => ({
  campaignId,
  title: values.title,
  validTo: chinaInstant(values.validTo),
  totalQuantity: values.totalQuantity,
});
