import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffView } from '@marquee/contracts/console';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  consoleCall,
  countRows,
  createOtherSite,
  DEMO_PASSWORDS,
  demoSite,
  login,
  staffToken,
  uniqueUsername,
} from './staff-test-kit.js';

const api = (name: string) => `/api/console/staff/${name}`;
type Page = { list: StaffView[]; total: number };

describeOnEachDatabase('staff accounts: create and list', (kind) => {
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

  describe('create', () => {
    it('lets the owner create a cashier who can sign in, with an audit row of the new account', async () => {
      const body = newStaff();
      const answer = await consoleCall<StaffView>(t.app, {
        url: api('create'),
        staffToken: tokens.owner,
        body,
      });
      expect(answer.body.code).toBe(0);
      expect(answer.body.data).toMatchObject({
        username: body.username,
        role: 'cashier',
        isActive: true,
        isLocked: false,
        cinemas: [{ id: site.firstCinemaId }],
      });
      expect(JSON.stringify(answer.body.data)).not.toMatch(/scrypt|password/i);
      expect((await login(t.app, body.username, body.password)).body.code).toBe(0);
      const [row] = await auditOf(answer.body.data.id);
      expect(row).toMatchObject({ action: 'staff.create', actor: 'owner', entity: 'staff' });
      expect(row!.after).toMatchObject({
        role: 'cashier',
        cinemas: [{ id: site.firstCinemaId }],
      });
      expect(JSON.stringify(row!.after)).not.toMatch(/scrypt|password/i);
    });

    it('refuses managers and cashiers with 40301, creating nothing', async () => {
      const before = await countRows(t.db, 'staff');
      for (const role of ['manager', 'cashier'] as const) {
        const answer = await consoleCall(t.app, {
          url: api('create'),
          staffToken: tokens[role],
          body: newStaff(),
        });
        expect(answer.status).toBe(403);
        expect(answer.body.code).toBe(40301);
      }
      expect(await countRows(t.db, 'staff')).toBe(before);
    });

    it('refuses every invalid body with 40001 and changes nothing', async () => {
      const taken = await create();
      const before = [
        await countRows(t.db, 'staff'),
        await countRows(t.db, 'audit_log'),
        await countRows(t.db, 'staff_cinemas'),
      ];
      const other = await createOtherSite(t.db, t.clock, 'boss-pass-2026');
      const afterOtherSite = [
        await countRows(t.db, 'staff'),
        await countRows(t.db, 'audit_log'),
        await countRows(t.db, 'staff_cinemas'),
      ];
      const refusals: [Record<string, unknown>, number][] = [
        [{ username: 'A' }, 40001],
        [{ username: '-bad' }, 40001],
        [{ password: 'short1' }, 40001],
        [{ password: 'lettersonly' }, 40001],
        [{ role: 'janitor' }, 40001],
        [{ displayName: '' }, 40001],
        [{ cinemaIds: ['not-a-uuid'] }, 40001],
        [{ role: 'cashier', cinemaIds: [] }, 40001],
        [{ role: 'cashier', cinemaIds: [site.firstCinemaId, site.otherCinemaId] }, 40001],
        [{ role: 'manager', cinemaIds: [] }, 40001],
        [{ role: 'owner', cinemaIds: [site.firstCinemaId] }, 40001],
        [{ cinemaIds: [other.cinemaId] }, 40001],
        [{ username: taken.username }, 40903],
      ];
      for (const [overrides, code] of refusals) {
        const answer = await consoleCall(t.app, {
          url: api('create'),
          staffToken: tokens.owner,
          body: newStaff(overrides),
        });
        expect({ overrides, code: answer.body.code }).toEqual({ overrides, code });
      }
      expect(before).toHaveLength(3);
      expect([
        await countRows(t.db, 'staff'),
        await countRows(t.db, 'audit_log'),
        await countRows(t.db, 'staff_cinemas'),
      ]).toEqual(afterOtherSite);
    });

    it('lets another site use the same username', async () => {
      const other = await createOtherSite(t.db, t.clock, 'boss-pass-2026');
      const bossToken = await staffToken(t.app, 'boss', 'boss-pass-2026', other.code);
      const answer = await consoleCall<StaffView>(t.app, {
        url: api('create'),
        staffToken: bossToken,
        site: other.code,
        body: newStaff({ username: 'manager', role: 'cashier', cinemaIds: [other.cinemaId] }),
      });
      expect(answer.body.code).toBe(0);
    });
  });

  describe('list', () => {
    it('shows the owner every account of the site and nothing of other sites', async () => {
      await createOtherSite(t.db, t.clock, 'boss-pass-2026');
      const answer = await consoleCall<Page>(t.app, {
        url: `${api('list')}?pageSize=50`,
        staffToken: tokens.owner,
      });
      expect(answer.body.code).toBe(0);
      const names = answer.body.data.list.map((s) => s.username);
      expect(names).toEqual(expect.arrayContaining(['owner', 'manager', 'cashier']));
      expect(names).not.toContain('boss');
    });

    it('shows a manager the staff of their own cinema only', async () => {
      await create({ cinemaIds: [site.otherCinemaId] });
      const own = await consoleCall<Page>(t.app, {
        url: `${api('list')}?pageSize=50`,
        staffToken: tokens.manager,
      });
      expect(own.body.code).toBe(0);
      for (const staff of own.body.data.list) {
        expect(staff.cinemas.map((c) => c.id)).toContain(site.firstCinemaId);
        expect(staff.role).not.toBe('owner');
      }
      const named = await consoleCall<Page>(t.app, {
        url: `${api('list')}?cinemaId=${site.firstCinemaId}`,
        staffToken: tokens.manager,
      });
      expect(named.body.code).toBe(0);
    });

    it("refuses a manager another cinema's staff, and an owner another site's cinema", async () => {
      const cross = await consoleCall(t.app, {
        url: `${api('list')}?cinemaId=${site.otherCinemaId}`,
        staffToken: tokens.manager,
      });
      expect(cross.status).toBe(403);
      expect(cross.body).toMatchObject({ code: 40301, data: { cinemaId: site.otherCinemaId } });
      const other = await createOtherSite(t.db, t.clock, 'boss-pass-2026');
      const foreign = await consoleCall(t.app, {
        url: `${api('list')}?cinemaId=${other.cinemaId}`,
        staffToken: tokens.owner,
      });
      expect(foreign.body.code).toBe(40301);
    });

    it('refuses cashiers', async () => {
      const answer = await consoleCall(t.app, { url: api('list'), staffToken: tokens.cashier });
      expect(answer.body.code).toBe(40301);
    });
  });
});
