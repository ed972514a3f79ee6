import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffView } from '@marquee/contracts/console';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  consoleCall,
  countRows,
  DEMO_PASSWORDS,
  demoSite,
  login,
  staffToken,
  uniqueUsername,
} from './staff-test-kit.js';

const api = (name: string) => `/api/console/staff/${name}`;
type Page = { list: StaffView[]; total: number };

describeOnEachDatabase('staff account changes', (kind) => {
  let t: TestApp;
  let tokens: Record<'owner' | 'manager' | 'cashier', string>;
  let site: Awaited<ReturnType<typeof demoSite>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    site = await demoSite(t.db);
    tokens = {
      owner: await staffToken(t.app, 'owner', DEMO_PASSWORDS.owner),
      manager: await staffToken(t.app, 'manager', DEMO_PASSWORDS.manager),
      cashier: await staffToken(t.app, 'cashier', DEMO_PASSWORDS.cashier),
    };
  });
  afterAll(() => t?.close());

  const newStaff = (overrides: Record<string, unknown> = {}) => ({
    username: uniqueUsername('s'),
    displayName: '新同事',
    role: 'cashier',
    cinemaIds: [site.firstCinemaId],
    password: 'first-pass-1',
    ...overrides,
  });
  async function create(overrides: Record<string, unknown> = {}) {
    const answer = await consoleCall<StaffView>(t.app, {
      url: api('create'),
      staffToken: tokens.owner,
      body: newStaff(overrides),
    });
    expect(answer.body.code).toBe(0);
    return answer.body.data;
  }
  const auditOf = (entityId: string) =>
    t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', entityId)
      .orderBy('id')
      .execute();

  describe('update', () => {
    it('moves a cashier to another cinema and makes a manager of two, with before and after', async () => {
      const staff = await create();
      const moved = await consoleCall<StaffView>(t.app, {
        url: api('update'),
        staffToken: tokens.owner,
        body: {
          id: staff.id,
          role: 'manager',
          cinemaIds: [site.firstCinemaId, site.otherCinemaId],
        },
      });
      expect(moved.body.code).toBe(0);
      expect(moved.body.data.role).toBe('manager');
      expect(moved.body.data.cinemas).toHaveLength(2);
      const rows = await auditOf(staff.id);
      expect(rows.map((r) => r.action)).toEqual(['staff.create', 'staff.update']);
      expect(rows[1]!.before).toMatchObject({ role: 'cashier' });
      expect(rows[1]!.after).toMatchObject({ role: 'manager' });
    });

    it('refuses non-owners, unknown ids, and a role without fitting cinemas, changing nothing', async () => {
      const staff = await create();
      const audit = await countRows(t.db, 'audit_log');
      const tries: ['owner' | 'manager' | 'cashier', Record<string, unknown>, number][] = [
        ['manager', { id: staff.id, displayName: 'x' }, 40301],
        ['cashier', { id: staff.id, displayName: 'x' }, 40301],
        ['owner', { id: '00000000-0000-4000-8000-000000000000', displayName: 'x' }, 40401],
        ['owner', { id: staff.id, role: 'manager', cinemaIds: [] }, 40001],
        ['owner', { id: staff.id, role: 'owner', cinemaIds: [site.firstCinemaId] }, 40001],
      ];
      for (const [role, body, code] of tries) {
        const answer = await consoleCall(t.app, {
          url: api('update'),
          staffToken: tokens[role],
          body,
        });
        expect({ body, code: answer.body.code }).toEqual({ body, code });
      }
      expect(await countRows(t.db, 'audit_log')).toBe(audit);
      const [view] = (
        await consoleCall<Page>(t.app, {
          url: `${api('list')}?pageSize=50`,
          staffToken: tokens.owner,
        })
      ).body.data.list.filter((s) => s.id === staff.id);
      expect(view).toMatchObject({ displayName: '新同事', role: 'cashier' });
    });

    it('refuses an owner lowering their own role', async () => {
      const me = await consoleCall<{ id: string }>(t.app, {
        url: '/api/console/auth/me',
        staffToken: tokens.owner,
      });
      const answer = await consoleCall(t.app, {
        url: api('update'),
        staffToken: tokens.owner,
        body: { id: me.body.data.id, role: 'manager', cinemaIds: [site.firstCinemaId] },
      });
      expect(answer.body.code).toBe(42240);
    });
  });

  describe('owner-only calls', () => {
    it('refuse managers and cashiers alike with 40301, changing nothing', async () => {
      const staff = await create();
      const audit = await countRows(t.db, 'audit_log');
      const calls: [string, Record<string, unknown>][] = [
        ['create', newStaff()],
        ['update', { id: staff.id, displayName: 'x' }],
        ['resetPassword', { id: staff.id, password: 'other-pass-3' }],
        ['deactivate', { id: staff.id }],
      ];
      for (const role of ['manager', 'cashier'] as const) {
        for (const [name, body] of calls) {
          const answer = await consoleCall(t.app, {
            url: api(name),
            staffToken: tokens[role],
            body,
          });
          expect({ role, name, code: answer.body.code }).toEqual({ role, name, code: 40301 });
        }
      }
      expect(await countRows(t.db, 'audit_log')).toBe(audit);
      expect((await login(t.app, staff.username, 'first-pass-1')).body.code).toBe(0);
    });
  });

  describe('resetPassword and deactivate', () => {
    it('sets a new password, unlocks the account and signs it out everywhere', async () => {
      const staff = await create();
      const token = await staffToken(t.app, staff.username, 'first-pass-1');
      // Five wrong tries from one terminal refuse sign-in from it (decision 039).
      const terminal = '198.51.100.77';
      for (let i = 0; i < 5; i++) {
        await login(t.app, staff.username, `wrong-pass-${i}`, undefined, terminal);
      }
      expect((await login(t.app, staff.username, 'first-pass-1', undefined, terminal)).status).toBe(
        423,
      );
      const reset = await consoleCall(t.app, {
        url: api('resetPassword'),
        staffToken: tokens.owner,
        body: { id: staff.id, password: 'second-pass-2' },
      });
      expect(reset.body).toMatchObject({ code: 0, data: { isReset: true } });
      expect(
        (await consoleCall(t.app, { url: '/api/console/auth/me', staffToken: token })).body.code,
      ).toBe(40101);
      expect((await login(t.app, staff.username, 'first-pass-1')).body.code).toBe(40102);
      expect(
        (await login(t.app, staff.username, 'second-pass-2', undefined, terminal)).body.code,
      ).toBe(0);
      const rows = await auditOf(staff.id);
      const resetRow = rows.find((r) => r.action === 'staff.resetPassword')!;
      expect(resetRow.before).toEqual({ wasLocked: true });
      expect(resetRow.after).toEqual({ passwordChanged: true, sessionsRevoked: 1 });
    });

    it('refuses a weak new password and non-owners', async () => {
      const staff = await create();
      const weak = await consoleCall(t.app, {
        url: api('resetPassword'),
        staffToken: tokens.owner,
        body: { id: staff.id, password: 'weak' },
      });
      expect(weak.body.code).toBe(40001);
      const byManager = await consoleCall(t.app, {
        url: api('resetPassword'),
        staffToken: tokens.manager,
        body: { id: staff.id, password: 'second-pass-2' },
      });
      expect(byManager.body.code).toBe(40301);
      expect((await login(t.app, staff.username, 'first-pass-1')).body.code).toBe(0);
    });

    it('deactivates an account: its sessions end at once and it cannot sign in', async () => {
      const staff = await create();
      const token = await staffToken(t.app, staff.username, 'first-pass-1');
      const answer = await consoleCall<StaffView>(t.app, {
        url: api('deactivate'),
        staffToken: tokens.owner,
        body: { id: staff.id },
      });
      expect(answer.body.code).toBe(0);
      expect(answer.body.data.isActive).toBe(false);
      expect(
        (await consoleCall(t.app, { url: '/api/console/auth/me', staffToken: token })).body.code,
      ).toBe(40101);
      expect((await login(t.app, staff.username, 'first-pass-1')).body.code).toBe(40102);
      // A second time changes nothing and writes nothing.
      const audit = await countRows(t.db, 'audit_log');
      const again = await consoleCall(t.app, {
        url: api('deactivate'),
        staffToken: tokens.owner,
        body: { id: staff.id },
      });
      expect(again.body.code).toBe(0);
      expect(await countRows(t.db, 'audit_log')).toBe(audit);
    });

    it('refuses deactivating yourself, the last owner, or by a non-owner', async () => {
      const me = await consoleCall<{ id: string }>(t.app, {
        url: '/api/console/auth/me',
        staffToken: tokens.owner,
      });
      const self = await consoleCall(t.app, {
        url: api('deactivate'),
        staffToken: tokens.owner,
        body: { id: me.body.data.id },
      });
      expect(self.body.code).toBe(42240);
      const staff = await create();
      const byCashier = await consoleCall(t.app, {
        url: api('deactivate'),
        staffToken: tokens.cashier,
        body: { id: staff.id },
      });
      expect(byCashier.body.code).toBe(40301);
      // A second owner may deactivate the first; then the second is the last one.
      const second = await create({ role: 'owner', cinemaIds: [] });
      const secondToken = await staffToken(t.app, second.username, 'first-pass-1');
      const third = await create({ role: 'owner', cinemaIds: [] });
      const thirdToken = await staffToken(t.app, third.username, 'first-pass-1');
      const first = await consoleCall(t.app, {
        url: api('deactivate'),
        staffToken: secondToken,
        body: { id: me.body.data.id },
      });
      expect(first.body.code).toBe(0);
      expect(
        (await consoleCall(t.app, { url: '/api/console/auth/me', staffToken: tokens.owner })).body
          .code,
      ).toBe(40101);
      const demote = await consoleCall(t.app, {
        url: api('update'),
        staffToken: secondToken,
        body: { id: second.id, role: 'manager', cinemaIds: [site.firstCinemaId] },
      });
      expect(demote.body.code).toBe(42240);
      // Two owners deactivating each other at once: the owner rows are locked, one wins.
      const [a, b] = await Promise.all([
        consoleCall(t.app, {
          url: api('deactivate'),
          staffToken: secondToken,
          body: { id: third.id },
        }),
        consoleCall(t.app, {
          url: api('deactivate'),
          staffToken: thirdToken,
          body: { id: second.id },
        }),
      ]);
      // The loser is refused as the last owner, or (when it started after the winner was done)
      // finds its own session already ended.
      const codes = [a.body.code, b.body.code].sort();
      expect([
        [0, 40101],
        [0, 42240],
      ]).toContainEqual(codes);
      const activeOwners = await t.db
        .selectFrom('staff')
        .select('id')
        .where('site_id', '=', site.siteId)
        .where('role', '=', 'owner')
        .where('is_active', '=', true)
        .execute();
      expect(activeOwners).toHaveLength(1);
      const survivor = activeOwners[0]!.id;
      await t.db
        .updateTable('staff')
        .set({ is_active: true })
        .where(
          'id',
          'in',
          [second.id, third.id].filter((id) => id !== survivor),
        )
        .execute();
      // Give the demo owner back for the other tests of this file.
      await t.db
        .updateTable('staff')
        .set({ is_active: true })
        .where('id', '=', me.body.data.id)
        .execute();
      tokens.owner = await staffToken(t.app, 'owner', DEMO_PASSWORDS.owner);
    });
  });
});
