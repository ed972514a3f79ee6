import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@marquee/contracts';
import {
  ConsoleErrorCode,
  type CardsReport,
  type ConsoleCard,
  type ConsoleCardType,
  type VoucherBatch,
} from '@marquee/contracts/console';
import { localDateOf, addDays } from '../../lib/local-date.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import {
  consoleCall,
  createOtherSite,
  DEMO_PASSWORDS,
  staffToken,
} from '../staff/staff-test-kit.js';
import { newUser, openTestCard, type TestUser } from './cards-test-kit.js';
import { rebuildBalanceCheck } from './index.js';

const OTHER_OWNER_PASSWORD = 'boss2026x';

/**
 * The console's card calls through app.inject: card types, voucher batches and their one-time
 * CSV, voids against redemption, and balance adjustments that keep the ledger equal to balances.
 */
describeOnEachDatabase('console cards', (kind) => {
  let t: TestApp;
  const tokens = { owner: '', manager: '', cashier: '', otherOwner: '' };
  let otherSiteCode = '';
  let today = '';

  beforeAll(async () => {
    t = await createTestApp(kind);
    today = localDateOf(t.clock.now());
    for (const role of ['owner', 'manager', 'cashier'] as const) {
      tokens[role] = await staffToken(t.app, role, DEMO_PASSWORDS[role]);
    }
    const other = await createOtherSite(t.db, t.clock, OTHER_OWNER_PASSWORD);
    otherSiteCode = other.code;
    tokens.otherOwner = await staffToken(t.app, 'boss', OTHER_OWNER_PASSWORD, other.code);
  });
  afterAll(() => t?.close());

  function owner<T>(url: string, body?: unknown, token = tokens.owner, site?: string) {
    return consoleCall<T>(t.app, { url, body, staffToken: token, site });
  }

  async function issue(body: Partial<Record<string, unknown>> = {}) {
    const answer = await owner<VoucherBatch>('/api/console/cards/batches/issue', {
      cardType: 'general',
      count: 3,
      amountFen: 5000,
      expiresOn: addDays(today, 30),
      ...body,
    });
    expect(answer.body.code, answer.body.msg).toBe(0);
    return answer.body.data;
  }

  function download(batchId: string, token = tokens.owner, site = 'www-test') {
    return t.app.inject({
      method: 'GET',
      url: `/api/console/cards/batches/csv?batchId=${batchId}`,
      headers: { site, 'x-staff-token': token },
    });
  }

  /** The file's lines after its byte order mark. */
  function csvLines(body: string) {
    expect(body.startsWith('\uFEFF')).toBe(true);
    return body.slice(1).trim().split('\r\n');
  }

  /** The batch's cards as the CSV gives them: [number, password, value, expiry]. */
  async function cardsOf(batchId: string) {
    const response = await download(batchId);
    expect(response.statusCode, response.body).toBe(200);
    return csvLines(response.body)
      .slice(1)
      .map((line) => line.split(',').map((cell) => cell.replace(/^="(.*)"$/, '$1')));
  }

  function redeem(user: Pick<TestUser, 'token'>, cardNo: string, password: string) {
    return call<{ amount: number; isNewCard: boolean; card: { cardTypeList: string[] } }>(t.app, {
      method: 'POST',
      url: '/api/expenseRecord/charging',
      token: user.token,
      body: { id: cardNo, password },
    });
  }

  async function batchById(id: string) {
    const { body } = await owner<{ list: VoucherBatch[] }>('/api/console/cards/batches');
    return body.data.list.find((batch) => batch.id === id)!;
  }

  async function auditActions(entityId: string) {
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('entity_id', '=', entityId)
      .orderBy('id')
      .execute();
    return rows.map((row) => `${row.action} by ${row.actor}`);
  }

  describe('roles and sites', () => {
    it('lets managers read card types but changes only to owners', async () => {
      const list = await owner<{ list: ConsoleCardType[] }>(
        '/api/console/cards/types',
        undefined,
        tokens.manager,
      );
      expect(list.body.code).toBe(0);
      expect(list.body.data.list.map((type) => type.code)).toEqual(
        expect.arrayContaining(['general', 'film', 'goods']),
      );
      const cashier = await owner('/api/console/cards/types', undefined, tokens.cashier);
      expect(cashier.status).toBe(403);
      expect(cashier.body.code).toBe(ConsoleErrorCode.STAFF_FORBIDDEN);
      for (const [url, body] of [
        [
          '/api/console/cards/types/create',
          { code: 'x-mgr', name: 'x', paysFor: 'film', isOnSale: true, sortOrder: 1 },
        ],
        [
          '/api/console/cards/batches/issue',
          { cardType: 'general', count: 1, amountFen: 100, expiresOn: addDays(today, 1) },
        ],
        ['/api/console/cards/batches', undefined],
        ['/api/console/cards/find?q=13800000000', undefined],
        ['/api/console/cards/adjust', { cardId: 'x', amountFen: 100, reason: 'test' }],
      ] as const) {
        for (const role of ['manager', 'cashier'] as const) {
          const answer = await owner(url, body, tokens[role]);
          expect([url, role, answer.status]).toEqual([url, role, 403]);
        }
      }
    });

    it('refuses moviegoer tokens and unsigned calls', async () => {
      const user = await newUser(t);
      const answer = await consoleCall(t.app, {
        url: '/api/console/cards/batches',
        token: user.token,
      });
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe(ConsoleErrorCode.STAFF_UNAUTHENTICATED);
    });

    it("keeps another site's owner away from this site's batches and cards", async () => {
      const batch = await issue({ count: 1 });
      const user = await newUser(t);
      const card = await openTestCard(t, user, { types: ['general'], balanceFen: 1000 });
      const theirs = <T = Record<string, unknown>>(url: string, body?: unknown) =>
        owner<T>(url, body, tokens.otherOwner, otherSiteCode);
      expect((await download(batch.id, tokens.otherOwner, otherSiteCode)).statusCode).toBe(404);
      expect((await theirs('/api/console/cards/batches/void', { batchId: batch.id })).status).toBe(
        404,
      );
      expect(
        (await theirs('/api/console/cards/vouchers/void', { cardNo: '88000000000000' })).status,
      ).toBe(404);
      const adjust = await theirs('/api/console/cards/adjust', {
        cardId: card.id,
        amountFen: 500,
        reason: 'not mine',
      });
      expect(adjust.status).toBe(404);
      const find = await theirs<{ list: ConsoleCard[] }>(
        `/api/console/cards/find?q=${card.cardNo}`,
      );
      expect(find.body.data.list).toEqual([]);
      const list = await theirs<{ list: VoucherBatch[] }>('/api/console/cards/batches');
      expect(list.body.data.list.some((row) => row.id === batch.id)).toBe(false);
      // This site's token on the other site's header is no session there.
      const crossed = await owner(
        '/api/console/cards/batches',
        undefined,
        tokens.owner,
        otherSiteCode,
      );
      expect(crossed.status).toBe(401);
      // Nothing moved: the batch can still be downloaded here.
      expect((await download(batch.id)).statusCode).toBe(200);
    });
  });

  describe('card types', () => {
    it('creates and edits a card type, audited, and refuses a taken code', async () => {
      const code = `vip-${Date.now() % 100000}`;
      const created = await owner<ConsoleCardType>('/api/console/cards/types/create', {
        code,
        name: '贵宾影票卡',
        paysFor: 'film',
        isOnSale: true,
        sortOrder: 9,
      });
      expect(created.body.data).toEqual({
        code,
        name: '贵宾影票卡',
        paysFor: 'film',
        isOnSale: true,
        sortOrder: 9,
      });
      const again = await owner('/api/console/cards/types/create', {
        code,
        name: 'x',
        paysFor: 'goods',
        isOnSale: true,
        sortOrder: 1,
      });
      expect(again.body.code).toBe(ConsoleErrorCode.CARD_CHANGE_REFUSED);
      const edited = await owner<ConsoleCardType>('/api/console/cards/types/update', {
        code,
        name: '贵宾卡',
        isOnSale: false,
        sortOrder: 10,
      });
      expect(edited.body.data).toMatchObject({ name: '贵宾卡', paysFor: 'film', isOnSale: false });
      expect(await auditActions(code)).toEqual([
        'cardType.create by owner',
        'cardType.update by owner',
      ]);
      // Off sale: no new batch of it.
      const refused = await owner('/api/console/cards/batches/issue', {
        cardType: code,
        count: 1,
        amountFen: 100,
        expiresOn: addDays(today, 1),
      });
      expect(refused.body.code).toBe(ConsoleErrorCode.CARD_CHANGE_REFUSED);
      const missing = await owner('/api/console/cards/types/update', {
        code: 'nope-nope',
        name: 'x',
        isOnSale: true,
        sortOrder: 1,
      });
      expect(missing.body.code).toBe(ErrorCode.NOT_FOUND);
    });

    it('opens a card of what a new type pays for, named after the type', async () => {
      const code = `kid-${Date.now() % 100000}`;
      await owner('/api/console/cards/types/create', {
        code,
        name: '儿童卖品卡',
        paysFor: 'goods',
        isOnSale: true,
        sortOrder: 5,
      });
      const batch = await issue({ cardType: code, count: 1, amountFen: 1500 });
      const [[cardNo, password]] = (await cardsOf(batch.id)) as [[string, string]];
      const user = await newUser(t);
      const { body } = await redeem(user, cardNo, password);
      expect(body.code, body.msg).toBe(0);
      expect(body.data).toMatchObject({ amount: 15, isNewCard: true });
      expect(body.data.card).toMatchObject({ name: '儿童卖品卡', cardTypeList: ['goods'] });
    });

    it('refuses bad card type fields, listing them', async () => {
      const answer = await owner('/api/console/cards/types/create', {
        code: 'A B',
        name: '',
        paysFor: 'drinks',
        isOnSale: true,
        sortOrder: -1,
      });
      expect(answer.body.code).toBe(ErrorCode.VALIDATION_FAILED);
      expect(JSON.stringify(answer.body)).toMatch(/code/);
    });
  });

  describe('voucher batches', () => {
    it('issues a batch whose CSV downloads once, and records who downloaded it', async () => {
      const batch = await issue({ count: 3, amountFen: 5000 });
      expect(batch).toMatchObject({
        cardCount: 3,
        unusedCount: 3,
        redeemedCount: 0,
        voidedCount: 0,
        downloadedAt: null,
      });
      const first = await download(batch.id);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-disposition']).toBe(
        `attachment; filename="vouchers-batch-${batch.batchNo}.csv"`,
      );
      const lines = csvLines(first.body);
      expect(lines[0]).toBe('卡号,密码,面值(元),有效期至');
      expect(lines).toHaveLength(4);
      for (const line of lines.slice(1)) {
        expect(line).toMatch(new RegExp(`^="88\\d{12}",="\\d{8}",50\\.00,${addDays(today, 30)}$`));
      }
      expect(new Set(lines).size).toBe(4);
      // Stored hashed, never the password itself.
      const stored = await t.db
        .selectFrom('top_up_vouchers')
        .select(['card_no', 'password_hash'])
        .where('batch_id', '=', batch.id)
        .execute();
      for (const line of lines.slice(1)) {
        const [cardNo, password] = line.split(',').map((cell) => cell.slice(2, -1));
        const row = stored.find((r) => r.card_no === cardNo)!;
        expect(row.password_hash).toMatch(/^hmac\$/);
        expect(row.password_hash).not.toContain(password);
      }
      const sealed = await t.db
        .selectFrom('voucher_batches')
        .select('sealed_secrets')
        .where('id', '=', batch.id)
        .executeTakeFirstOrThrow();
      expect(sealed.sealed_secrets).toBeNull();

      const second = await download(batch.id);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ code: ConsoleErrorCode.CARD_BATCH_DOWNLOADED });
      expect(second.json().msg).toContain('owner');
      expect(await batchById(batch.id)).toMatchObject({ downloadedBy: 'owner' });
      expect((await batchById(batch.id)).downloadedAt).not.toBeNull();
      expect(await auditActions(batch.id)).toEqual([
        'voucherBatch.issue by owner',
        'voucherBatch.download by owner',
      ]);
    });

    it('downloads once even when two ask at the same moment', async () => {
      const batch = await issue({ count: 2 });
      const answers = await Promise.all([download(batch.id), download(batch.id)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    });

    it('refuses bad batches and changes nothing', async () => {
      const before = (await owner<{ list: VoucherBatch[] }>('/api/console/cards/batches')).body.data
        .list.length;
      for (const [body, code] of [
        [{ count: 0 }, ErrorCode.VALIDATION_FAILED],
        [{ count: 1001 }, ErrorCode.VALIDATION_FAILED],
        [{ amountFen: 0 }, ErrorCode.VALIDATION_FAILED],
        [{ amountFen: 12.5 }, ErrorCode.VALIDATION_FAILED],
        [{ expiresOn: '2026-02-30' }, ErrorCode.VALIDATION_FAILED],
        [{ expiresOn: addDays(today, -1) }, ConsoleErrorCode.CARD_CHANGE_REFUSED],
        [{ cardType: 'no-such-type' }, ErrorCode.NOT_FOUND],
      ] as [Record<string, unknown>, number][]) {
        const answer = await owner('/api/console/cards/batches/issue', {
          cardType: 'general',
          count: 1,
          amountFen: 100,
          expiresOn: addDays(today, 1),
          ...body,
        });
        expect([body, answer.body.code]).toEqual([body, code]);
      }
      const after = (await owner<{ list: VoucherBatch[] }>('/api/console/cards/batches')).body.data
        .list.length;
      expect(after).toBe(before);
    });

    it('refuses a voided card, will not void a redeemed one, and counts each state', async () => {
      const batch = await issue({ count: 3, amountFen: 2000 });
      const [a, b, c] = (await cardsOf(batch.id)) as [string, string][];
      const user = await newUser(t);
      expect((await redeem(user, a![0]!, a![1]!)).body.code).toBe(0);

      const voidRedeemed = await owner('/api/console/cards/vouchers/void', { cardNo: a![0] });
      expect(voidRedeemed.body.code).toBe(ConsoleErrorCode.CARD_CHANGE_REFUSED);
      const voided = await owner('/api/console/cards/vouchers/void', { cardNo: b![0] });
      expect(voided.body.code).toBe(0);
      const again = await owner('/api/console/cards/vouchers/void', { cardNo: b![0] });
      expect(again.body.code).toBe(ConsoleErrorCode.CARD_CHANGE_REFUSED);

      const refused = await redeem(user, b![0]!, b![1]!);
      expect(refused.body.code).toBe(ErrorCode.VOUCHER_NOT_REDEEMABLE);
      expect(refused.body.msg).toMatch(/作废|voided/);
      expect(await batchById(batch.id)).toMatchObject({
        unusedCount: 1,
        redeemedCount: 1,
        voidedCount: 1,
      });

      const rest = await owner<{ voidedCount: number; batch: VoucherBatch }>(
        '/api/console/cards/batches/void',
        { batchId: batch.id },
      );
      expect(rest.body.data.voidedCount).toBe(1);
      expect(rest.body.data.batch).toMatchObject({
        unusedCount: 0,
        redeemedCount: 1,
        voidedCount: 2,
      });
      expect((await redeem(user, c![0]!, c![1]!)).body.code).toBe(ErrorCode.VOUCHER_NOT_REDEEMABLE);
      const nothingLeft = await owner('/api/console/cards/batches/void', { batchId: batch.id });
      expect(nothingLeft.body.code).toBe(ConsoleErrorCode.CARD_CHANGE_REFUSED);
      expect(await rebuildBalanceCheck(t.db)).toEqual([]);
    });

    it('refuses a card after its expiry day', async () => {
      const batch = await issue({ count: 1, expiresOn: today });
      const [[cardNo, password]] = (await cardsOf(batch.id)) as [[string, string]];
      t.clock.advance(2 * 86_400);
      try {
        const user = await newUser(t);
        const answer = await redeem(user, cardNo, password);
        expect(answer.body.code).toBe(ErrorCode.VOUCHER_NOT_REDEEMABLE);
        expect(answer.body.msg).toMatch(/过期|expired/);
        // Staff sessions do not last two days: sign in again to read the batch.
        const fresh = await staffToken(t.app, 'owner', DEMO_PASSWORDS.owner);
        const { body } = await owner<{ list: VoucherBatch[] }>(
          '/api/console/cards/batches',
          undefined,
          fresh,
        );
        expect(body.data.list.find((row) => row.id === batch.id)).toMatchObject({
          expiredCount: 1,
          unusedCount: 1,
        });
      } finally {
        t.clock.advance(-2 * 86_400);
      }
    });

    it('lets exactly one of two moviegoers redeem one new card at once', async () => {
      const batch = await issue({ count: 1, amountFen: 8800 });
      const [[cardNo, password]] = (await cardsOf(batch.id)) as [[string, string]];
      const users = [await newUser(t), await newUser(t)];
      const answers = await Promise.all(users.map((user) => redeem(user, cardNo, password)));
      const codes = answers.map((answer) => answer.body.code).sort((x, y) => x - y);
      expect(codes).toEqual([0, ErrorCode.VOUCHER_USED].sort((x, y) => x - y));
      const credited = await t.db
        .selectFrom('card_ledger')
        .select((eb) => eb.fn.sum<string>('amount_fen').as('fen'))
        .where(
          'user_id',
          'in',
          users.map((user) => user.userId),
        )
        .executeTakeFirstOrThrow();
      expect(Number(credited.fen)).toBe(8800);
      expect(await batchById(batch.id)).toMatchObject({ redeemedCount: 1, unusedCount: 0 });
    });

    it('voids a batch and redeems it at the same time: each card is one or the other', async () => {
      const batch = await issue({ count: 2, amountFen: 1000 });
      const cards = (await cardsOf(batch.id)) as [string, string][];
      const user = await newUser(t);
      const [redeemed, voided] = await Promise.all([
        redeem(user, cards[0]![0]!, cards[0]![1]!),
        owner<{ voidedCount: number }>('/api/console/cards/batches/void', { batchId: batch.id }),
      ]);
      const after = await batchById(batch.id);
      expect(after.redeemedCount + after.voidedCount).toBe(2);
      expect(after.redeemedCount).toBe(redeemed.body.code === 0 ? 1 : 0);
      expect(voided.body.data.voidedCount).toBe(after.voidedCount);
      expect(await rebuildBalanceCheck(t.db)).toEqual([]);
    });
  });

  describe('balance adjustments', () => {
    async function holder(balanceFen: number) {
      const user = await newUser(t);
      const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      await t.db.updateTable('users').set({ phone }).where('id', '=', user.userId).execute();
      const card = await openTestCard(t, user, { types: ['general'], balanceFen });
      return { user, phone, card };
    }

    function adjust(cardId: string, amountFen: number, reason = '补偿影厅空调故障') {
      return owner<ConsoleCard>('/api/console/cards/adjust', { cardId, amountFen, reason });
    }

    it('finds cards by number and by phone', async () => {
      const { phone, card } = await holder(1200);
      const second = await openTestCard(t, (await findUserOf(card.id))!, {
        types: ['film'],
        balanceFen: 300,
      });
      const byNo = await owner<{ list: ConsoleCard[] }>(`/api/console/cards/find?q=${card.cardNo}`);
      expect(byNo.body.data.list).toHaveLength(1);
      expect(byNo.body.data.list[0]).toMatchObject({
        cardNo: card.cardNo,
        balanceFen: 1200,
        ledgerFen: 1200,
        owner: { phone },
      });
      const byPhone = await owner<{ list: ConsoleCard[] }>(`/api/console/cards/find?q=${phone}`);
      expect(byPhone.body.data.list.map((row) => row.id).sort()).toEqual(
        [card.id, second.id].sort(),
      );
      const bad = await owner('/api/console/cards/find?q=abc');
      expect(bad.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    });

    async function findUserOf(cardId: string) {
      const row = await t.db
        .selectFrom('cards')
        .select(['user_id', 'site_id'])
        .where('id', '=', cardId)
        .executeTakeFirst();
      return row && { userId: row.user_id, siteId: row.site_id };
    }

    it('writes an adjustment row and moves the balance with it, audited', async () => {
      const { card } = await holder(1000);
      const up = await adjust(card.id, 2550);
      expect(up.body.code, up.body.msg).toBe(0);
      expect(up.body.data).toMatchObject({ balanceFen: 3550, ledgerFen: 3550 });
      expect(up.body.data.recentLedger[0]).toMatchObject({
        kind: 'adjustment',
        amountFen: 2550,
        balanceAfterFen: 3550,
        reason: '补偿影厅空调故障',
      });
      const down = await adjust(card.id, -3550, '误充退回');
      expect(down.body.data).toMatchObject({ balanceFen: 0, ledgerFen: 0 });
      const audit = await t.db
        .selectFrom('audit_log')
        .select(['action', 'before', 'after'])
        .where('entity_id', '=', card.id)
        .orderBy('id')
        .execute();
      expect(audit.map((row) => row.action)).toEqual(['card.adjust', 'card.adjust']);
      expect(audit[1]).toMatchObject({
        before: { balanceFen: 3550 },
        after: { balanceFen: 0, amountFen: -3550, reason: '误充退回' },
      });
    });

    it('refuses an adjustment below zero, 0 fen, no reason or an unknown card, changing nothing', async () => {
      const { card } = await holder(500);
      const below = await adjust(card.id, -501);
      expect(below.body.code).toBe(ConsoleErrorCode.CARD_CHANGE_REFUSED);
      expect(below.body.msg).toContain('5.00');
      for (const [amountFen, reason] of [
        [0, '没有金额'],
        [1.5, '半分钱'],
        [100, ''],
        [100, ' '],
      ] as const) {
        const answer = await adjust(card.id, amountFen, reason);
        expect([amountFen, reason, answer.body.code]).toEqual([
          amountFen,
          reason,
          ErrorCode.VALIDATION_FAILED,
        ]);
      }
      const unknown = await adjust('00000000-0000-4000-8000-000000000000', 100);
      expect(unknown.body.code).toBe(ErrorCode.NOT_FOUND);
      const rows = await t.db
        .selectFrom('card_ledger')
        .select('id')
        .where('card_id', '=', card.id)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('never takes a card below zero when adjustments race', async () => {
      const { card } = await holder(1000);
      const answers = await Promise.all(Array.from({ length: 6 }, () => adjust(card.id, -300)));
      const won = answers.filter((answer) => answer.body.code === 0).length;
      expect(won).toBe(3);
      expect(
        answers.every((answer) =>
          [0, ConsoleErrorCode.CARD_CHANGE_REFUSED].includes(answer.body.code),
        ),
      ).toBe(true);
      const row = await t.db
        .selectFrom('cards')
        .select('balance_fen')
        .where('id', '=', card.id)
        .executeTakeFirstOrThrow();
      expect(row.balance_fen).toBe(100);
      expect(await rebuildBalanceCheck(t.db)).toEqual([]);
    });

    it('keeps the card liabilities report equal to the ledger after adjustments and voids', async () => {
      const before = (
        await owner<CardsReport>(`/api/console/reports/cards?from=${today}&to=${today}`)
      ).body.data;
      const { card } = await holder(0);
      await adjust(card.id, 1234);
      await adjust(card.id, -234);
      const batch = await issue({ count: 2 });
      await owner('/api/console/cards/batches/void', { batchId: batch.id });
      const after = (
        await owner<CardsReport>(`/api/console/reports/cards?from=${today}&to=${today}`)
      ).body.data;
      expect(after.isBalanced).toBe(true);
      expect(after.balanceFen).toBe(after.ledgerFen);
      expect(after.balanceFen - before.balanceFen).toBe(1000);
    });
  });
});
