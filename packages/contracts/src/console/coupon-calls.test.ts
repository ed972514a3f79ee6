import { describe, expect, it } from 'vitest';
import {
  campaignCoverProblem,
  campaignFieldsSchema,
  campaignMove,
  campaignPhaseOf,
  campaignTermsProblem,
  type CampaignFields,
} from './coupon-calls.js';

const fields = (over: Partial<CampaignFields> = {}): CampaignFields => ({
  title: '周末立减8元',
  promoCode: 'weekend8',
  isForNewUsers: false,
  discountKind: 'amount',
  discountValue: 800,
  capFen: null,
  minSpendFen: 3000,
  scope: 'tickets',
  filmIds: [],
  cinemaIds: [],
  validFrom: '2026-12-01T00:00:00+08:00',
  validTo: '2027-01-01T00:00:00+08:00',
  totalQuantity: 100,
  perUserLimit: 1,
  ...over,
});
describe('a new campaign’s terms', () => {
  it('accepts a promo code typed in any case, and keeps it upper-case', () => {
    expect(campaignFieldsSchema.parse(fields({ promoCode: ' weekend8 ' })).promoCode).toBe(
      'WEEKEND8',
    );
  });

  it('needs a promo code, a hand-out to new users, or both', () => {
    const none = campaignTermsProblem({ ...fields(), promoCode: null, isForNewUsers: false });
    expect(none?.field).toBe('promoCode');
    expect(campaignTermsProblem({ ...fields(), promoCode: null, isForNewUsers: true })).toBeNull();
  });

  it('keeps a percentage to 1–99 and a cap to percentages', () => {
    const pct = { ...fields(), discountKind: 'percent' as const, capFen: 1000 };
    expect(campaignTermsProblem({ ...pct, discountValue: 20 })).toBeNull();
    expect(campaignTermsProblem({ ...pct, discountValue: 100 })?.field).toBe('discountValue');
    expect(campaignTermsProblem({ ...fields(), capFen: 500 })?.field).toBe('capFen');
    expect(campaignTermsProblem({ ...fields(), discountValue: 100_001 })?.field).toBe(
      'discountValue',
    );
  });

  it('ends after it starts, within two years, and gives each person no more than the total', () => {
    const base = { ...fields(), promoCode: 'WEEKEND8', capFen: null };
    expect(campaignTermsProblem({ ...base, validTo: base.validFrom })?.field).toBe('validTo');
    expect(
      campaignTermsProblem({ ...base, validTo: '2029-01-01T00:00:00+08:00' })?.hintEn,
    ).toContain('two years');
    expect(campaignTermsProblem({ ...base, totalQuantity: 2, perUserLimit: 3 })?.field).toBe(
      'perUserLimit',
    );
  });

  it('refuses the same film twice, and names the field of a broken rule', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(campaignFieldsSchema.safeParse(fields({ filmIds: [id, id] })).success).toBe(false);
    const refused = campaignFieldsSchema.safeParse(fields({ promoCode: null }));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['promoCode']);
  });
});

describe('a campaign’s state', () => {
  it('pauses and resumes while it runs, and ends for good', () => {
    expect(campaignMove('active', 'pause')).toBe('paused');
    expect(campaignMove('paused', 'resume')).toBe('active');
    expect(campaignMove('paused', 'end')).toBe('ended');
    expect(campaignMove('active', 'resume')).toBeNull();
    expect(campaignMove('paused', 'pause')).toBeNull();
    for (const action of ['pause', 'resume', 'end'] as const) {
      expect(campaignMove('ended', action)).toBeNull();
    }
  });

  it('shows scheduled, running, sold out, paused or ended from its state, dates and count', () => {
    const now = new Date('2026-12-10T00:00:00Z');
    const base = {
      state: 'active' as const,
      validFrom: new Date('2026-12-01T00:00:00Z'),
      validTo: new Date('2027-01-01T00:00:00Z'),
      issuedCount: 3,
      totalQuantity: 10,
    };
    expect(campaignPhaseOf(base, now)).toBe('running');
    expect(campaignPhaseOf({ ...base, validFrom: new Date('2026-12-11T00:00:00Z') }, now)).toBe(
      'scheduled',
    );
    expect(campaignPhaseOf({ ...base, issuedCount: 10 }, now)).toBe('soldOut');
    expect(campaignPhaseOf({ ...base, state: 'paused', issuedCount: 10 }, now)).toBe('paused');
    expect(campaignPhaseOf({ ...base, validTo: now }, now)).toBe('ended');
    expect(campaignPhaseOf({ ...base, state: 'ended' }, now)).toBe('ended');
  });
});

describe('who may change a campaign', () => {
  it('lets owners change any, and managers only those limited to cinemas they all cover', () => {
    const manager = { role: 'manager' as const, cinemaIds: ['c1', 'c2'] };
    expect(campaignCoverProblem({ role: 'owner', cinemaIds: [] }, [])).toBeNull();
    expect(campaignCoverProblem(manager, ['c1', 'c2'])).toBeNull();
    expect(campaignCoverProblem(manager, [])).toEqual({ siteWide: true });
    expect(campaignCoverProblem(manager, ['c1', 'c3'])).toEqual({ cinemaId: 'c3' });
  });
});
