import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STAFF_MAX_FAILED_LOGINS,
  STAFF_MAX_UNFAMILIAR_FAILED_LOGINS,
} from '@marquee/contracts/console';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import {
  call,
  createTestApp,
  signIn,
  uniqueOpenid,
  type TestApp,
} from '../../test-support/test-app.js';
import { STAFF_SESSION_TTL_SECONDS } from './staff-auth.service.js';
import {
  consoleCall,
  createOtherSite,
  DEMO_PASSWORDS,
  demoSite,
  login,
  staffToken,
  uniqueUsername,
} from './staff-test-kit.js';

const me = '/api/console/auth/me';
const logout = '/api/console/auth/logout';

describeOnEachDatabase('staff sign-in and sessions', (kind) => {
  let t: TestApp;
  let ownerToken: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ownerToken = await staffToken(t.app, 'owner', DEMO_PASSWORDS.owner);
  });
  afterAll(() => t?.close());

  /** A fresh cashier of the first demo cinema (or an owner), made by the owner. */
  async function newCashier(password = 'cashier-pass-1', role: 'cashier' | 'owner' = 'cashier') {
    const { firstCinemaId } = await demoSite(t.db);
    const username = uniqueUsername(role === 'owner' ? 'o' : 'c');
    // Signed in afresh: other tests move the clock past a session's end.
    const ownerToken = await staffToken(t.app, 'owner', DEMO_PASSWORDS.owner);
    const created = await consoleCall<{ id: string }>(t.app, {
      url: '/api/console/staff/create',
      staffToken: ownerToken,
      body: {
        username,
        displayName: role === 'owner' ? '新老板' : '新收银',
        role,
        cinemaIds: role === 'owner' ? [] : [firstCinemaId],
        password,
      },
    });
    expect(created.body.code).toBe(0);
    return { username, password, id: created.body.data.id };
  }

  describe('login', () => {
    it('signs each demo role in and answers who they are and which cinemas they cover', async () => {
      const { firstCinemaId } = await demoSite(t.db);
      for (const role of ['owner', 'manager', 'cashier'] as const) {
        const { status, body } = await login(t.app, role, DEMO_PASSWORDS[role]);
        expect(status).toBe(200);
        expect(body.code).toBe(0);
        expect(Buffer.from(body.data.token, 'base64url')).toHaveLength(32);
        const who = await consoleCall<{
          role: string;
          cinemas: { id: string }[];
          site: { code: string };
        }>(t.app, { url: me, staffToken: body.data.token });
        expect(who.body.data.role).toBe(role);
        expect(who.body.data.site.code).toBe('www-test');
        const cinemaIds = who.body.data.cinemas.map((c) => c.id);
        if (role === 'owner') expect(cinemaIds).toHaveLength(3);
        else expect(cinemaIds).toEqual([firstCinemaId]);
      }
    });

    it('stores only the hash of the token and writes a staff.login audit row', async () => {
      const { body } = await login(t.app, 'manager', DEMO_PASSWORDS.manager);
      const sessions = await t.db.selectFrom('staff_sessions').select('token_hash').execute();
      expect(sessions.some((s) => s.token_hash === body.data.token)).toBe(false);
      const audit = await t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'staff.login')
        .where('actor', '=', 'manager')
        .execute();
      expect(audit.length).toBeGreaterThanOrEqual(1);
    });

    it('answers a wrong password, an unknown and a deactivated username alike', async () => {
      const cashier = await newCashier();
      await consoleCall(t.app, {
        url: '/api/console/staff/deactivate',
        staffToken: ownerToken,
        body: { id: cashier.id },
      });
      const wrong = await login(t.app, 'manager', 'not-the-password-1');
      const unknown = await login(t.app, 'nobody-here', 'whatever-123');
      const inactive = await login(t.app, cashier.username, cashier.password);
      for (const answer of [wrong, unknown, inactive]) {
        expect(answer.status).toBe(401);
        expect(answer.body.code).toBe(40102);
      }
      // Word for word the same: nothing tells a known username from an unknown one.
      expect(new Set([wrong, unknown, inactive].map((a) => a.body.msg)).size).toBe(1);
      expect(Object.keys(wrong.body.data)).toEqual(Object.keys(unknown.body.data));
      // A right password afterwards clears the count.
      expect((await login(t.app, 'manager', DEMO_PASSWORDS.manager)).body.code).toBe(0);
      const row = await t.db
        .selectFrom('staff')
        .select('failed_logins')
        .where('username', '=', 'manager')
        .executeTakeFirstOrThrow();
      expect(row.failed_logins).toBe(0);
    });

    it('refuses an address for 15 minutes after 5 wrong passwords from it, even the right one, and only that address', async () => {
      const cashier = await newCashier();
      const terminal = '198.51.100.10';
      for (let i = 1; i < STAFF_MAX_FAILED_LOGINS; i++) {
        const answer = await login(t.app, cashier.username, `wrong-pass-${i}`, undefined, terminal);
        expect(answer.body.code).toBe(40102);
      }
      const locking = await login(t.app, cashier.username, 'wrong-pass-5', undefined, terminal);
      expect(locking.status).toBe(423);
      expect(locking.body.code).toBe(42301);
      expect(locking.body.data).toMatchObject({ scope: 'address', retryAfterSeconds: 900 });
      expect(locking.body.msg).toContain('从此网络输错密码次数过多');
      const right = () => login(t.app, cashier.username, cashier.password, undefined, terminal);
      expect((await right()).body.code).toBe(42301);
      // Another address is not refused.
      expect((await login(t.app, cashier.username, cashier.password)).body.code).toBe(0);
      t.clock.advance(14 * 60);
      expect((await right()).body.code).toBe(42301);
      t.clock.advance(60);
      expect((await right()).body.code).toBe(0);
    });

    it('refuses an address longer with each wrong password after its first refusal, up to a day', async () => {
      const cashier = await newCashier();
      const terminal = '198.51.100.11';
      const wrong = (i: number) =>
        login(t.app, cashier.username, `wrong-again-${i}`, undefined, terminal);
      for (let i = 1; i <= STAFF_MAX_FAILED_LOGINS; i++) await wrong(i);
      const waits: number[] = [];
      for (let i = 0; i < 8; i++) {
        t.clock.advance(24 * 3600);
        const answer = await wrong(100 + i);
        expect(answer.body.code).toBe(42301);
        waits.push(
          Number((answer.body.data as unknown as { retryAfterSeconds: number }).retryAfterSeconds),
        );
      }
      expect(waits).toEqual([1800, 3600, 7200, 14_400, 28_800, 57_600, 86_400, 86_400]);
      // The right password, once the wait is over, starts the count again.
      t.clock.advance(24 * 3600);
      expect(
        (await login(t.app, cashier.username, cashier.password, undefined, terminal)).body.code,
      ).toBe(0);
      expect((await wrong(200)).body.code).toBe(40102);
    });

    it('lets the owner in from a familiar address while a stranger hammers from many', async () => {
      const owner = await newCashier('owner-pass-2026', 'owner');
      const office = '203.0.113.5';
      expect(
        (await login(t.app, owner.username, owner.password, undefined, office)).body.code,
      ).toBe(0);
      // A stranger: wrong passwords from one address, then from many.
      const stranger = '192.0.2.66';
      for (let i = 1; i <= STAFF_MAX_FAILED_LOGINS + 2; i++) {
        await login(t.app, owner.username, `guess-${i}`, undefined, stranger);
      }
      for (let i = 0; i < STAFF_MAX_UNFAMILIAR_FAILED_LOGINS; i++) {
        await login(t.app, owner.username, `spread-guess-${i}`);
      }
      // Unfamiliar addresses wait now, even with the right password; the office does not.
      const elsewhere = await login(t.app, owner.username, owner.password);
      expect(elsewhere.status).toBe(423);
      expect(elsewhere.body.data).toMatchObject({ scope: 'unfamiliar' });
      expect(elsewhere.body.msg).toContain('常用网络');
      const fromOffice = await login(t.app, owner.username, owner.password, undefined, office);
      expect(fromOffice.body.code).toBe(0);
      // The office's typo counts for the office only; the pause of the others runs out.
      expect((await login(t.app, owner.username, 'typo-1', undefined, office)).body.code).toBe(
        40102,
      );
      // The console shows the account as paused while it is, for owners to see.
      const isPaused = async () => {
        const view = await consoleCall<{ list: { id: string; isLocked: boolean }[] }>(t.app, {
          url: '/api/console/staff/list?pageSize=50&role=owner',
          staffToken: await staffToken(t.app, 'owner', DEMO_PASSWORDS.owner),
        });
        return view.body.data.list.find((s) => s.id === owner.id)?.isLocked;
      };
      expect(await isPaused()).toBe(true);
      t.clock.advance(15 * 60 + 1);
      expect((await login(t.app, owner.username, owner.password)).body.code).toBe(0);
      expect(await isPaused()).toBe(false);
    });

    it('refuses a malformed body with 40001 and counts nothing', async () => {
      const { status, body } = await consoleCall(t.app, {
        url: '/api/console/auth/login',
        body: { username: 'manager' },
      });
      expect(status).toBe(400);
      expect(body.code).toBe(40001);
      expect(body.data).toMatchObject({ fields: ['body.password'] });
    });
  });

  describe('sessions', () => {
    it('refuses console calls without a token or with an unknown one', async () => {
      for (const staffToken of [undefined, 'x'.repeat(43)]) {
        const { status, body } = await consoleCall(t.app, { url: me, staffToken });
        expect(status).toBe(401);
        expect(body.code).toBe(40101);
      }
    });

    it('ends a session after 12 hours', async () => {
      const token = await staffToken(t.app, 'cashier', DEMO_PASSWORDS.cashier);
      t.clock.advance(STAFF_SESSION_TTL_SECONDS - 60);
      expect((await consoleCall(t.app, { url: me, staffToken: token })).body.code).toBe(0);
      t.clock.advance(61);
      expect((await consoleCall(t.app, { url: me, staffToken: token })).body.code).toBe(40101);
    });

    it('revokes only the signed-out session, and audits it', async () => {
      const token = await staffToken(t.app, 'cashier', DEMO_PASSWORDS.cashier);
      const other = await staffToken(t.app, 'cashier', DEMO_PASSWORDS.cashier);
      const out = await consoleCall(t.app, { url: logout, staffToken: token, body: {} });
      expect(out.body).toMatchObject({ code: 0, data: { isSignedOut: true } });
      expect((await consoleCall(t.app, { url: me, staffToken: token })).body.code).toBe(40101);
      expect((await consoleCall(t.app, { url: me, staffToken: other })).body.code).toBe(0);
      const audit = await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'staff.logout')
        .where('actor', '=', 'cashier')
        .execute();
      expect(audit).toHaveLength(1);
    });
  });

  describe('staff and moviegoer tokens stay apart', () => {
    it('never takes a moviegoer token on a console call, in either header', async () => {
      const moviegoer = await signIn(t.app, uniqueOpenid());
      const asToken = await consoleCall(t.app, { url: me, token: moviegoer });
      const asStaffToken = await consoleCall(t.app, { url: me, staffToken: moviegoer });
      expect(asToken.body.code).toBe(40101);
      expect(asStaffToken.body.code).toBe(40101);
    });

    it('never takes a staff token on a moviegoer call, in either header', async () => {
      const token = await staffToken(t.app, 'owner', DEMO_PASSWORDS.owner);
      const asToken = await call(t.app, { url: '/api/userInfo/getUserInfo', token });
      const asStaffHeader = await call(t.app, {
        url: '/api/userInfo/getUserInfo',
        headers: { 'x-staff-token': token },
      });
      expect(asToken.body.code).toBe(-1001);
      expect(asStaffHeader.body.code).toBe(-1001);
    });
  });

  describe('sites', () => {
    it('keeps a staff token to its own site and refuses a missing or unknown site', async () => {
      const other = await createOtherSite(t.db, t.clock, 'boss-pass-2026');
      const bossToken = await staffToken(t.app, 'boss', 'boss-pass-2026', other.code);
      expect(
        (await consoleCall(t.app, { url: me, staffToken: bossToken, site: other.code })).body.code,
      ).toBe(0);
      const crossed = await consoleCall(t.app, { url: me, staffToken: bossToken });
      expect(crossed.status).toBe(401);
      expect(crossed.body.code).toBe(40101);
      // The demo owner cannot sign in on the other site with the demo password.
      expect((await login(t.app, 'owner', DEMO_PASSWORDS.owner, other.code)).body.code).toBe(40102);
      expect(
        (await consoleCall(t.app, { url: me, staffToken: ownerToken, site: null })).body.code,
      ).toBe(40002);
      expect(
        (await consoleCall(t.app, { url: me, staffToken: ownerToken, site: 'nope' })).body.code,
      ).toBe(40002);
    });
  });

  if (kind === 'postgres') {
    describe('concurrent wrong passwords (PostgreSQL)', () => {
      it('counts every one of 4 wrong tries made at once from one address, then refuses it at the fifth', async () => {
        const cashier = await newCashier();
        const terminal = '198.51.100.20';
        const answers = await Promise.all(
          [1, 2, 3, 4].map((i) =>
            login(t.app, cashier.username, `wrong-at-once-${i}`, undefined, terminal),
          ),
        );
        expect(answers.map((a) => a.body.code)).toEqual([40102, 40102, 40102, 40102]);
        const place = await t.db
          .selectFrom('staff_sign_in_addresses')
          .select(['failed_in_row', 'blocked_until'])
          .where('staff_id', '=', cashier.id)
          .executeTakeFirstOrThrow();
        expect(place).toEqual({ failed_in_row: 4, blocked_until: null });
        const row = await t.db
          .selectFrom('staff')
          .select(['failed_logins', 'locked_until'])
          .where('id', '=', cashier.id)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ failed_logins: 4, locked_until: null });
        expect(
          (await login(t.app, cashier.username, 'wrong-fifth-1', undefined, terminal)).body.code,
        ).toBe(42301);
      });

      it('refuses an address under a burst of 20 wrong tries, and a right password in the burst does not lift it', async () => {
        const cashier = await newCashier();
        const terminal = '198.51.100.21';
        const tries = Array.from({ length: 20 }, (_, i) =>
          login(
            t.app,
            cashier.username,
            i === 10 ? cashier.password : `burst-wrong-${i}`,
            undefined,
            terminal,
          ),
        );
        const answers = await Promise.all(tries);
        const wrongAnswers = answers.filter((_, i) => i !== 10).map((a) => a.body.code);
        expect(wrongAnswers.every((code) => code === 40102 || code === 42301)).toBe(true);
        const counted = wrongAnswers.filter((code) => code === 40102).length;
        expect(counted).toBeLessThanOrEqual(STAFF_MAX_FAILED_LOGINS - 1);
        const place = await t.db
          .selectFrom('staff_sign_in_addresses')
          .select(['failed_in_row', 'blocked_until'])
          .where('staff_id', '=', cashier.id)
          .executeTakeFirstOrThrow();
        expect(place.blocked_until).not.toBeNull();
        expect(place.failed_in_row).toBeGreaterThanOrEqual(STAFF_MAX_FAILED_LOGINS);
        expect(
          (await login(t.app, cashier.username, cashier.password, undefined, terminal)).body.code,
        ).toBe(42301);
        // Elsewhere the right password still gets in.
        expect((await login(t.app, cashier.username, cashier.password)).body.code).toBe(0);
      });

      it('lets the owner in from the office while 40 wrong tries from 40 addresses land at once', async () => {
        const owner = await newCashier('owner-pass-2027', 'owner');
        const office = '203.0.113.9';
        expect(
          (await login(t.app, owner.username, owner.password, undefined, office)).body.code,
        ).toBe(0);
        const stranger = Array.from({ length: 40 }, (_, i) =>
          login(t.app, owner.username, `swarm-${i}`),
        );
        const mine = Array.from({ length: 3 }, () =>
          login(t.app, owner.username, owner.password, undefined, office),
        );
        const [strangers, owners] = await Promise.all([Promise.all(stranger), Promise.all(mine)]);
        expect(owners.map((a) => a.body.code)).toEqual([0, 0, 0]);
        expect(strangers.every((a) => [40102, 42301].includes(a.body.code))).toBe(true);
        // The swarm paused unfamiliar addresses: the right password from a new one waits.
        expect((await login(t.app, owner.username, owner.password)).body.code).toBe(42301);
        expect(
          (await login(t.app, owner.username, owner.password, undefined, office)).body.code,
        ).toBe(0);
      });
    });
  }
});
