import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MAX_FAILED_LOGINS } from '@marquee/contracts/console';
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

  /** A fresh cashier of the first demo cinema, made by the owner. */
  async function newCashier(password = 'cashier-pass-1') {
    const { firstCinemaId } = await demoSite(t.db);
    const username = uniqueUsername('c');
    // Signed in afresh: other tests move the clock past a session's end.
    const ownerToken = await staffToken(t.app, 'owner', DEMO_PASSWORDS.owner);
    const created = await consoleCall<{ id: string }>(t.app, {
      url: '/api/console/staff/create',
      staffToken: ownerToken,
      body: {
        username,
        displayName: '新收银',
        role: 'cashier',
        cinemaIds: [firstCinemaId],
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

    it('locks the account for 15 minutes after 5 wrong passwords, even for the right one', async () => {
      const cashier = await newCashier();
      for (let i = 1; i < STAFF_MAX_FAILED_LOGINS; i++) {
        const answer = await login(t.app, cashier.username, `wrong-pass-${i}`);
        expect(answer.body.code).toBe(40102);
      }
      const locking = await login(t.app, cashier.username, 'wrong-pass-5');
      expect(locking.status).toBe(423);
      expect(locking.body.code).toBe(42301);
      expect(locking.body.data).toMatchObject({ retryAfterSeconds: 900 });
      const right = await login(t.app, cashier.username, cashier.password);
      expect(right.body.code).toBe(42301);
      t.clock.advance(14 * 60);
      expect((await login(t.app, cashier.username, cashier.password)).body.code).toBe(42301);
      t.clock.advance(60);
      expect((await login(t.app, cashier.username, cashier.password)).body.code).toBe(0);
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
      it('counts every one of 4 wrong tries made at once, then locks at the fifth', async () => {
        const cashier = await newCashier();
        const answers = await Promise.all(
          [1, 2, 3, 4].map((i) => login(t.app, cashier.username, `wrong-at-once-${i}`)),
        );
        expect(answers.map((a) => a.body.code)).toEqual([40102, 40102, 40102, 40102]);
        const row = await t.db
          .selectFrom('staff')
          .select(['failed_logins', 'locked_until'])
          .where('id', '=', cashier.id)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ failed_logins: 4, locked_until: null });
        expect((await login(t.app, cashier.username, 'wrong-fifth-1')).body.code).toBe(42301);
      });

      it('locks under a burst of 20 wrong tries, and a right password in the burst does not unlock', async () => {
        const cashier = await newCashier();
        const tries = Array.from({ length: 20 }, (_, i) =>
          login(t.app, cashier.username, i === 10 ? cashier.password : `burst-wrong-${i}`),
        );
        const answers = await Promise.all(tries);
        const wrongAnswers = answers.filter((_, i) => i !== 10).map((a) => a.body.code);
        expect(wrongAnswers.every((code) => code === 40102 || code === 42301)).toBe(true);
        const counted = wrongAnswers.filter((code) => code === 40102).length;
        expect(counted).toBeLessThanOrEqual(STAFF_MAX_FAILED_LOGINS - 1);
        const row = await t.db
          .selectFrom('staff')
          .select(['failed_logins', 'locked_until'])
          .where('id', '=', cashier.id)
          .executeTakeFirstOrThrow();
        expect(row.locked_until).not.toBeNull();
        expect(row.failed_logins).toBeGreaterThanOrEqual(STAFF_MAX_FAILED_LOGINS);
        expect((await login(t.app, cashier.username, cashier.password)).body.code).toBe(42301);
      });
    });
  }
});
