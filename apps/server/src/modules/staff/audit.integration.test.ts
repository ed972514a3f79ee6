import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AuditEntry } from '@marquee/contracts/console';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  consoleCall,
  createOtherSite,
  DEMO_PASSWORDS,
  demoSite,
  staffToken,
  uniqueUsername,
} from './staff-test-kit.js';

const list = '/api/console/audit/list';
type Page = { list: AuditEntry[]; total: number; hasMore: boolean; pageNum: number };

describeOnEachDatabase('audit log', (kind) => {
  let t: TestApp;
  let owner: string;
  let ownerId: string;
  let created: { id: string; username: string };
  let startedAt: Date;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const site = await demoSite(t.db);
    startedAt = t.clock.now();
    owner = await staffToken(t.app, 'owner', DEMO_PASSWORDS.owner);
    ownerId = (
      await consoleCall<{ id: string }>(t.app, { url: '/api/console/auth/me', staffToken: owner })
    ).body.data.id;
    const username = uniqueUsername('a');
    const answer = await consoleCall<{ id: string }>(t.app, {
      url: '/api/console/staff/create',
      staffToken: owner,
      body: {
        username,
        displayName: '审计',
        role: 'cashier',
        cinemaIds: [site.firstCinemaId],
        password: 'audit-pass-1',
      },
    });
    created = { id: answer.body.data.id, username };
    t.clock.advance(3600);
    await consoleCall(t.app, {
      url: '/api/console/staff/update',
      staffToken: owner,
      body: { id: created.id, displayName: '审计员' },
    });
  });
  afterAll(() => t?.close());

  it('lists the newest first, with who, what, before and after', async () => {
    const answer = await consoleCall<Page>(t.app, { url: list, staffToken: owner });
    expect(answer.body.code).toBe(0);
    const [newest] = answer.body.data.list;
    expect(newest).toMatchObject({
      action: 'staff.update',
      actor: 'owner',
      staffId: ownerId,
      entity: 'staff',
      entityId: created.id,
      before: { displayName: '审计' },
      after: { displayName: '审计员' },
    });
  });

  it('filters by staff, action, entity and time, and pages', async () => {
    const byAction = await consoleCall<Page>(t.app, {
      url: `${list}?action=staff.create&entity=staff&staffId=${ownerId}`,
      staffToken: owner,
    });
    expect(byAction.body.data.list.map((e) => e.entityId)).toEqual([created.id]);
    const later = new Date(startedAt.getTime() + 1800 * 1000).toISOString();
    const afterHalfHour = await consoleCall<Page>(t.app, {
      url: `${list}?from=${encodeURIComponent(later)}&entity=staff&action=staff.update`,
      staffToken: owner,
    });
    expect(afterHalfHour.body.data.list).toHaveLength(1);
    const beforeHalfHour = await consoleCall<Page>(t.app, {
      url: `${list}?to=${encodeURIComponent(later)}&action=staff.update`,
      staffToken: owner,
    });
    expect(beforeHalfHour.body.data.list).toHaveLength(0);
    const paged = await consoleCall<Page>(t.app, {
      url: `${list}?pageSize=1&pageNum=2`,
      staffToken: owner,
    });
    expect(paged.body.data).toMatchObject({ pageNum: 2, hasMore: true });
    expect(paged.body.data.list).toHaveLength(1);
    expect(paged.body.data.total).toBeGreaterThanOrEqual(3);
  });

  it('refuses bad filters with 40001', async () => {
    for (const query of ['from=yesterday', 'staffId=x', 'pageSize=500']) {
      const answer = await consoleCall(t.app, { url: `${list}?${query}`, staffToken: owner });
      expect(answer.body.code).toBe(40001);
    }
  });

  it('is for owners only', async () => {
    for (const role of ['manager', 'cashier'] as const) {
      const token = await staffToken(t.app, role, DEMO_PASSWORDS[role]);
      const answer = await consoleCall(t.app, { url: list, staffToken: token });
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe(40301);
    }
  });

  it("shows nothing of another site's log", async () => {
    const other = await createOtherSite(t.db, t.clock, 'boss-pass-2026');
    const boss = await staffToken(t.app, 'boss', 'boss-pass-2026', other.code);
    const answer = await consoleCall<Page>(t.app, {
      url: list,
      staffToken: boss,
      site: other.code,
    });
    expect(answer.body.data.list.map((e) => e.actor).sort()).toEqual(['boss', 'cli']);
  });

  it('refuses UPDATE, DELETE and TRUNCATE in SQL', async () => {
    const count = async () =>
      (
        await t.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    await expect(
      t.db.updateTable('audit_log').set({ actor: 'someone else' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    expect(await count()).toBe(before);
  });
});
