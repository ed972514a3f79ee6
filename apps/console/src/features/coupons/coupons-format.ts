import type { CampaignPhase, ConsoleCampaign } from '@marquee/contracts/console';
import { formatYuan } from '@marquee/contracts';
import { type couponsMessages } from './coupons-messages';

/** Yuan typed in a form to fen (rounded: 0.1 + 0.2 must not become 30.000000000000004). */
export const toFen = (yuan: number) => Math.round(yuan * 100);

type Translate = ReturnType<typeof couponsMessages.useMessages>;

/** "立减 ¥8.00" or "8折，最多减 ¥10.00" (20% off is 8折 in Chinese). */
export function discountText(t: Translate, campaign: ConsoleCampaign): string {
  if (campaign.discountKind === 'amount') {
    return t('amountOff', { amount: formatYuan(campaign.discountValue) });
  }
  const params = {
    percent: campaign.discountValue,
    zhe: String((100 - campaign.discountValue) / 10),
    amount: campaign.capFen === null ? '' : formatYuan(campaign.capFen),
  };
  return t(campaign.capFen === null ? 'percentOff' : 'percentWithCap', params);
}

export const phaseKey: Record<
  CampaignPhase,
  'phaseScheduled' | 'phaseRunning' | 'phasePaused' | 'phaseSoldOut' | 'phaseEnded'
> = {
  scheduled: 'phaseScheduled',
  running: 'phaseRunning',
  paused: 'phasePaused',
  soldOut: 'phaseSoldOut',
  ended: 'phaseEnded',
};

export const phaseColor: Record<CampaignPhase, string> = {
  scheduled: 'blue',
  running: 'green',
  paused: 'orange',
  soldOut: 'purple',
  ended: 'default',
};

export const scopeKey = {
  tickets: 'scopeTickets',
  goods: 'scopeGoods',
  both: 'scopeBoth',
} as const;
