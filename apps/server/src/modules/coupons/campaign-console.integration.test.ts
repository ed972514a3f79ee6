import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Coupon } from '@marquee/contracts';
import {
  ConsoleErrorCode,
  type CampaignFields,
  type ConsoleCampaign,
  type campaignListCall,
} from '@marquee/contracts/console';
import type { CallAnswer } from '@marquee/contracts';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { describeOnEachDatabase, describeOnPostgres } from '../../test-support/test-database.js';
import { newUser } from '../cards/cards-test-kit.js';
import {
  consoleCall,
  createOtherSite,
  demoSite,
  DEMO_PASSWORDS,
  staffToken,
} from '../staff/staff-test-kit.js';

const OTHER_OWNER_PASSWORD = 'boss2026x';
const DAY = 86_400_000;
let codeCursor = 0;

/** The console's campaign calls, and what they do to the moviegoers' promo codes. */
describeOnEachDatabase('console coupon campaigns', (kind) => {
  let t: TestApp;
  const tokens = { owner: '', manager: '', cashier: '', otherOwner: '' };
  let otherSiteCode = '';
  let cinemas = { first: '', other: '' };

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const role of ['owner', 'manager', 'cashier'] as const) {
      tokens[role] = await staffToken(t.app, role, DEMO_PASSWORDS[role]);
    }
    const other = await createOtherSite(t.db, t.clock, OTHER_OWNER_PASSWORD);
    otherSiteCode = other.code;
    tokens.otherOwner = await staffToken(t.app, 'boss', OTHER_OWNER_PASSWORD, other.code);
    const demo = await demoSite(t.db);
    cinemas = { first: demo.firstCinemaId, other: demo.otherCinemaId };
  });
  afterAll(() => t?.close());

  const post = <T = ConsoleCampaign>(path: string, body: unknown, token = tokens.owner) =>
    consoleCall<T>(t.app, {
      url: `/api/console/coupons/campaigns${path}`,
      body,
      staffToken: token,
    });
  const list = (token = tokens.owner, site?: string) =>
    consoleCall<CallAnswer<typeof campaignListCall>>(t.app, {
      method: 'GET',
      url: '/api/console/coupons/campaigns',
      staffToken: token,
      site,
    });
  const redeem = (token: string, code: string) =>
    call<{ coupon: Coupon }>(t.app, {
      method: 'POST',
      url: '/api/coupon/redeem',
      token,
      body: { code },
    });

  /** Valid around both the test clock and the database's now() (new-user coupons use it). */
  function fields(over: Partial<CampaignFields> = {}): CampaignFields {
    const now = t.clock.now().getTime();
    return {
      title: '周末立减8元',
      promoCode: `c${Date.now().toString(36)}${(codeCursor += 1)}`,
      isForNewUsers: false,
      discountKind: 'amount',
      discountValue: 800,
      capFen: null,
      minSpendFen: 3000,
      scope: 'tickets',
      filmIds: [],
      cinemaIds: [],
      validFrom: new Date(Math.min(now, Date.now()) - DAY).toISOString(),
      validTo: new Date(Math.max(now, Date.now()) + 30 * DAY).toISOString(),
      totalQuantity: 100,
      perUserLimit: 1,
      ...over,
    };
  }

  async function create(over: Partial<CampaignFields> = {}, token = tokens.owner) {
    const answer = await post('/create', fields(over), token);
    expect(answer.body.code, answer.body.msg).toBe(0);
    return answer.body.data;
  }

  const counts = async () => {
    const [campaigns, audit] = await Promise.all(
      (['coupon_campaigns', 'audit_log'] as const).map((table) =>
        t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    );
    return { campaigns: Number(campaigns!.n), audit: Number(audit!.n) };
  };

  it('creates a campaign with a promo code; a moviegoer redeems it and the list shows issued 1', async () => {
    const code = `spring-${Date.now().toString(36)}`;
    const created = await create({ promoCode: ` ${code} ` });
    expect(created).toMatchObject({
      promoCode: code.toUpperCase(),
      state: 'active',
      phase: 'running',
      issuedCount: 0,
      usedCount: 0,
      canChange: true,
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', created.id)
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['couponCampaign.create']);

    const user = await newUser(t);
    const redeemed = await redeem(user.token, created.promoCode!.toLowerCase());
    expect(redeemed.body.code, redeemed.body.msg).toBe(0);
    const shown = (await list()).body.data.list.find((c) => c.id === created.id);
    expect(shown).toMatchObject({ issuedCount: 1, usedCount: 0, heldCount: 0 });
  });

  it('refuses bad terms and a taken promo code, and writes nothing', async () => {
    const taken = await create();
    const before = await counts();
    const refusals: [Partial<CampaignFields>, number][] = [
      [{ discountKind: 'percent', discountValue: 120 }, ErrorCode.VALIDATION_FAILED],
      [{ capFen: 500 }, ErrorCode.VALIDATION_FAILED],
      [{ promoCode: null, isForNewUsers: false }, ErrorCode.VALIDATION_FAILED],
      [{ promoCode: 'no spaces' }, ErrorCode.VALIDATION_FAILED],
      [{ validTo: new Date(Date.now() - 2 * DAY).toISOString() }, ErrorCode.VALIDATION_FAILED],
      [{ totalQuantity: 2, perUserLimit: 3 }, ErrorCode.VALIDATION_FAILED],
      [{ filmIds: ['00000000-0000-4000-8000-000000000000'] }, ErrorCode.VALIDATION_FAILED],
      [{ promoCode: taken.promoCode }, ConsoleErrorCode.COUPON_PROMO_CODE_TAKEN],
    ];
    for (const [over, code] of refusals) {
      const answer = await post('/create', fields(over));
      expect(answer.body.code, JSON.stringify(over)).toBe(code);
      expect(answer.body.msg).not.toBe('');
    }
    // The end in the past passes the contract (its start is earlier) but not the server's clock.
    const past = await post(
      '/create',
      fields({
        validFrom: new Date(t.clock.now().getTime() - 3 * DAY).toISOString(),
        validTo: new Date(t.clock.now().getTime() - DAY).toISOString(),
      }),
    );
    expect(past.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(past.body.msg).toBe('结束时间必须晚于现在');
    expect(await counts()).toEqual(before);
  });

  it('keeps cashiers out, managers to their cinemas, and owners to their site', async () => {
    expect((await list(tokens.cashier)).body.code).toBe(ConsoleErrorCode.STAFF_FORBIDDEN);
    const siteWide = await create();
    const managerList = (await list(tokens.manager)).body.data;
    expect(managerList.list.find((c) => c.id === siteWide.id)?.canChange).toBe(false);
    expect(managerList.cinemas.map((c) => c.id)).toEqual([cinemas.first]);

    const before = await counts();
    for (const cinemaIds of [[], [cinemas.other], [cinemas.first, cinemas.other]]) {
      const answer = await post('/create', fields({ cinemaIds }), tokens.manager);
      expect(answer.body.code, JSON.stringify(cinemaIds)).toBe(ConsoleErrorCode.STAFF_FORBIDDEN);
    }
    const edit = { campaignId: siteWide.id, title: 'x', validTo: siteWide.validTo };
    expect((await post('/update', { ...edit, totalQuantity: 5 }, tokens.manager)).body.code).toBe(
      ConsoleErrorCode.STAFF_FORBIDDEN,
    );
    expect(
      (await post('/state', { campaignId: siteWide.id, action: 'pause' }, tokens.manager)).body
        .code,
    ).toBe(ConsoleErrorCode.STAFF_FORBIDDEN);
    // Another chain's owner neither sees nor changes it.
    expect(
      (await list(tokens.otherOwner, otherSiteCode)).body.data.list.map((c) => c.id),
    ).not.toContain(siteWide.id);
    const foreign = await consoleCall(t.app, {
      url: '/api/console/coupons/campaigns/state',
      body: { campaignId: siteWide.id, action: 'end' },
      staffToken: tokens.otherOwner,
      site: otherSiteCode,
    });
    expect(foreign.body.code).toBe(ErrorCode.NOT_FOUND);
    expect(await counts()).toEqual(before);

    const own = await create({ cinemaIds: [cinemas.first] }, tokens.manager);
    expect(own).toMatchObject({ canChange: true, cinemas: [{ id: cinemas.first }] });
    const paused = await post('/state', { campaignId: own.id, action: 'pause' }, tokens.manager);
    expect(paused.body.data.state).toBe('paused');
  });

  it('changes title, end and quantity, never the quantity below what was given', async () => {
    const created = await create({ totalQuantity: 3 });
    for (let i = 0; i < 2; i += 1) {
      expect((await redeem((await newUser(t)).token, created.promoCode!)).body.code).toBe(0);
    }
    const later = new Date(Date.parse(created.validTo) + 5 * DAY).toISOString();
    const edit = { campaignId: created.id, title: '周末立减8元（加量）', validTo: later };
    const low = await post('/update', { ...edit, totalQuantity: 1 });
    expect(low.body.code).toBe(ConsoleErrorCode.COUPON_QUANTITY_BELOW_ISSUED);
    expect(low.body.msg).toContain('已发出 2 张');
    const unchanged = (await list()).body.data.list.find((c) => c.id === created.id);
    expect(unchanged).toMatchObject({ title: created.title, totalQuantity: 3 });

    const changed = await post('/update', { ...edit, totalQuantity: 2 });
    expect(changed.body.code, changed.body.msg).toBe(0);
    expect(changed.body.data).toMatchObject({
      title: '周末立减8元（加量）',
      validTo: later,
      totalQuantity: 2,
      issuedCount: 2,
      phase: 'soldOut',
    });
    const sold = await redeem((await newUser(t)).token, created.promoCode!);
    expect(sold.body.code).toBe(ErrorCode.COUPON_SOLD_OUT);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('entity_id', '=', created.id)
      .where('action', '=', 'couponCampaign.update')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ totalQuantity: 3, title: '周末立减8元' });
    expect(audit.after).toMatchObject({ totalQuantity: 2, validTo: later });
  });

  it('pauses, resumes and ends a campaign; paused and ended ones give no coupons', async () => {
    const created = await create({ isForNewUsers: true, perUserLimit: 2 });
    const state = (action: string) => post('/state', { campaignId: created.id, action });
    const couponsOf = (userId: string) =>
      t.db
        .selectFrom('coupons')
        .select('id')
        .where('user_id', '=', userId)
        .where('campaign_id', '=', created.id)
        .execute();

    expect((await state('resume')).body.code).toBe(ConsoleErrorCode.COUPON_CAMPAIGN_STATE_CONFLICT);
    expect((await state('pause')).body.data).toMatchObject({ state: 'paused', phase: 'paused' });
    const whilePaused = await newUser(t);
    expect(await couponsOf(whilePaused.userId)).toHaveLength(0);
    expect((await redeem(whilePaused.token, created.promoCode!)).body.code).toBe(
      ErrorCode.COUPON_CODE_INVALID,
    );

    expect((await state('resume')).body.data.state).toBe('active');
    const whileActive = await newUser(t);
    expect(await couponsOf(whileActive.userId)).toHaveLength(1);
    expect((await redeem(whileActive.token, created.promoCode!)).body.code).toBe(0);

    expect((await state('end')).body.data).toMatchObject({ state: 'ended', phase: 'ended' });
    expect((await redeem(whilePaused.token, created.promoCode!)).body.code).toBe(
      ErrorCode.COUPON_CODE_INVALID,
    );
    for (const action of ['resume', 'pause', 'end']) {
      expect((await state(action)).body.code).toBe(ConsoleErrorCode.COUPON_CAMPAIGN_ENDED);
    }
    const edit = await post('/update', {
      campaignId: created.id,
      title: 'again',
      validTo: created.validTo,
      totalQuantity: 100,
    });
    expect(edit.body.code).toBe(ConsoleErrorCode.COUPON_CAMPAIGN_ENDED);
    // The database keeps ended final and the terms fixed, whoever writes.
    await expect(
      t.db
        .updateTable('coupon_campaigns')
        .set({ state: 'active' })
        .where('id', '=', created.id)
        .execute(),
    ).rejects.toThrow(/has ended/);
    const other = await create();
    await expect(
      t.db
        .updateTable('coupon_campaigns')
        .set({ discount_value: 9900 })
        .where('id', '=', other.id)
        .execute(),
    ).rejects.toThrow(/fixed/);
  });
});

describeOnPostgres('console coupon campaigns under load', () => {
  let t: TestApp;
  let owner = '';
  beforeAll(async () => {
    t = await createTestApp('postgres');
    owner = await staffToken(t.app, 'owner', DEMO_PASSWORDS.owner);
  });
  afterAll(() => t?.close());

  describe('lowering the quantity while moviegoers redeem', () => {
    it('never gives more coupons than the total, whichever wins', async () => {
      const users = await Promise.all(Array.from({ length: 10 }, () => newUser(t)));
      for (let round = 0; round < 4; round += 1) {
        const now = Math.max(t.clock.now().getTime(), Date.now());
        const code = `LOAD${Date.now().toString(36).toUpperCase()}${round}`;
        const created = await consoleCall<ConsoleCampaign>(t.app, {
          url: '/api/console/coupons/campaigns/create',
          staffToken: owner,
          body: {
            title: '抢券',
            promoCode: code,
            isForNewUsers: false,
            discountKind: 'amount',
            discountValue: 500,
            capFen: null,
            minSpendFen: 0,
            scope: 'both',
            filmIds: [],
            cinemaIds: [],
            validFrom: new Date(now - DAY).toISOString(),
            validTo: new Date(now + DAY).toISOString(),
            totalQuantity: 10,
            perUserLimit: 1,
          },
        });
        const campaign = created.body.data;
        // Redemptions and edits to several totals interleaved (which one is sent first turns
        // each round), so some edits land before the coupons they would cut off and some after.
        const redeem = (token: string) =>
          call(t.app, { method: 'POST', url: '/api/coupon/redeem', token, body: { code } });
        const edit = (totalQuantity: number) =>
          consoleCall<ConsoleCampaign>(t.app, {
            url: '/api/console/coupons/campaigns/update',
            staffToken: owner,
            body: {
              campaignId: campaign.id,
              title: '抢券',
              validTo: campaign.validTo,
              totalQuantity,
            },
          });
        const editing: ReturnType<typeof edit>[] = [];
        const redeeming = users.map((user, i) => {
          if (i % 3 === round % 3) editing.push(edit(2 + 2 * editing.length));
          return redeem(user.token);
        });
        const [edits, redeems] = await Promise.all([Promise.all(editing), Promise.all(redeeming)]);
        for (const edit of edits) {
          expect([0, ConsoleErrorCode.COUPON_QUANTITY_BELOW_ISSUED]).toContain(edit.body.code);
        }
        for (const answer of redeems) {
          expect([0, ErrorCode.COUPON_SOLD_OUT]).toContain(answer.body.code);
        }
        const row = await t.db
          .selectFrom('coupon_campaigns')
          .select(['issued_count', 'total_quantity'])
          .where('id', '=', campaign.id)
          .executeTakeFirstOrThrow();
        const given = await t.db
          .selectFrom('coupons')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('campaign_id', '=', campaign.id)
          .executeTakeFirstOrThrow();
        const won = redeems.filter((answer) => answer.body.code === 0).length;
        expect(row.issued_count).toBeLessThanOrEqual(row.total_quantity);
        expect(Number(given.n)).toBe(row.issued_count);
        expect(won).toBe(row.issued_count);
      }
    });
  });
});
