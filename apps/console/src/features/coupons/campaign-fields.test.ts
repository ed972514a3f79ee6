import { describe, expect, it } from 'vitest';
import type { ConsoleCampaign } from '@marquee/contracts/console';
import {
  campaignFieldsOf,
  campaignFormValues,
  campaignUpdateOf,
  type CampaignFormValues,
} from './campaign-fields';

const typed = (patch: Partial<CampaignFormValues>): CampaignFormValues => {
  const start = campaignFormValues(null, new Date('2026-11-28T02:03:45Z'));
  return { title: '周末立减', totalQuantity: 100, ...start, ...patch } as CampaignFormValues;
};

describe('the campaign drawer form', () => {
  it('starts a new campaign now at the cinemas and ends it at 23:59 of the 30th day', () => {
    const values = campaignFormValues(null, new Date('2026-11-28T02:03:45Z'));
    expect(values.validFrom!.format('YYYY-MM-DD HH:mm')).toBe('2026-11-28 10:03');
    expect(values.validTo!.format('YYYY-MM-DD HH:mm')).toBe('2026-12-28 23:59');
    expect(values).toMatchObject({ discountKind: 'amount', scope: 'tickets', perUserLimit: 1 });
  });

  it('opens a campaign with only what may change: name, end and total', () => {
    const campaign = {
      id: 'k1',
      title: '会员日',
      validTo: '2026-12-31T15:59:00Z',
      totalQuantity: 50,
    } as ConsoleCampaign;
    const values = campaignFormValues(campaign, new Date());
    expect(Object.keys(values).sort()).toEqual(['title', 'totalQuantity', 'validTo']);
    expect(values.validTo!.format('YYYY-MM-DD HH:mm')).toBe('2026-12-31 23:59');
    expect(campaignUpdateOf('k1', { ...typed({}), ...values } as CampaignFormValues)).toEqual({
      campaignId: 'k1',
      title: '会员日',
      validTo: '2026-12-31T23:59:00+08:00',
      totalQuantity: 50,
    });
  });

  it('saves an amount off in fen with no cap, and a blank promo code as none', () => {
    const fields = campaignFieldsOf(typed({ amount: 12.3, cap: 5, promoCode: '  ', minSpend: 50 }));
    expect(fields).toMatchObject({
      discountKind: 'amount',
      discountValue: 1230,
      capFen: null,
      minSpendFen: 5000,
      promoCode: null,
      validFrom: '2026-11-28T10:03:00+08:00',
    });
  });

  it('saves a percent off with its cap, and a goods-only campaign names no films', () => {
    const fields = campaignFieldsOf(
      typed({ discountKind: 'percent', percent: 20, cap: 15, scope: 'goods', filmIds: ['f1'] }),
    );
    expect(fields).toMatchObject({ discountValue: 20, capFen: 1500, filmIds: [] });
    expect(campaignFieldsOf(typed({ scope: 'both', filmIds: ['f1'] })).filmIds).toEqual(['f1']);
  });
});
