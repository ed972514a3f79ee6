import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdmitWindow } from '@marquee/contracts/console';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { consoleCall, DEMO_PASSWORDS, demoSite, staffToken } from '../staff/staff-test-kit.js';

/**
 * The door's admit window as owners and managers set it in the console: read (the defaults until
 * saved), saved with an audit row and the other settings kept, and bad input refused with
 * nothing changed.
 */
describeOnEachDatabase('the admit window setting', (kind) => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof demoSite>>;
  const tokens = { owner: '', manager: '', cashier: '' };

  beforeAll(async () => {
    t = await createTestApp(kind);
    site = await demoSite(t.db);
    for (const role of ['owner', 'manager', 'cashier'] as const) {
      tokens[role] = await staffToken(t.app, role, DEMO_PASSWORDS[role]);
    }
  });
  afterAll(() => t?.close());

  const read = (token: string) =>
    consoleCall<AdmitWindow>(t.app, {
      url: '/api/console/checkin/admit-window',
      staffToken: token,
    });
  const save = (token: string, body: unknown) =>
    consoleCall<AdmitWindow>(t.app, {
      url: '/api/console/checkin/admit-window',
      staffToken: token,
      body,
    });
  const settingsNow = async () =>
    (
      await t.db
        .selectFrom('sites')
        .select('settings')
        .where('id', '=', site.siteId)
        .executeTakeFirstOrThrow()
    ).settings;
  const auditRows = () =>
    t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('site_id', '=', site.siteId)
      .where('action', '=', 'site.admitWindow')
      .execute();

  it('reads the defaults, saves a new window with an audit row and keeps the other settings', async () => {
    const first = await read(tokens.manager);
    expect(first.body.data).toEqual({ admitBeforeMinutes: 60, admitAfterMinutes: 30 });
    const others = await settingsNow();

    const saved = await save(tokens.manager, { admitBeforeMinutes: 45, admitAfterMinutes: 15 });
    expect(saved.body.code).toBe(0);
    expect(saved.body.data).toEqual({ admitBeforeMinutes: 45, admitAfterMinutes: 15 });
    expect((await read(tokens.owner)).body.data).toEqual({
      admitBeforeMinutes: 45,
      admitAfterMinutes: 15,
    });
    expect(await settingsNow()).toEqual({
      ...others,
      admitBeforeMinutes: 45,
      admitAfterMinutes: 15,
    });
    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: 'manager',
      entity: 'site',
      entity_id: site.siteId,
      before: { admitBeforeMinutes: 60, admitAfterMinutes: 30 },
      after: { admitBeforeMinutes: 45, admitAfterMinutes: 15 },
    });
  });

  it('refuses fractions, negatives, too long a window and cashiers, changing nothing', async () => {
    const before = await settingsNow();
    const bad: [unknown, string][] = [
      [{ admitBeforeMinutes: 12.5, admitAfterMinutes: 15 }, 'body.admitBeforeMinutes'],
      [{ admitBeforeMinutes: 45, admitAfterMinutes: -1 }, 'body.admitAfterMinutes'],
      [{ admitBeforeMinutes: 241, admitAfterMinutes: 15 }, 'body.admitBeforeMinutes'],
      [{ admitBeforeMinutes: 45, admitAfterMinutes: 121 }, 'body.admitAfterMinutes'],
      [{ admitBeforeMinutes: '45', admitAfterMinutes: 15 }, 'body.admitBeforeMinutes'],
      [{ admitBeforeMinutes: 45 }, 'body.admitAfterMinutes'],
    ];
    for (const [body, field] of bad) {
      const answer = await save(tokens.owner, body);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(40001);
      expect(JSON.stringify(answer.body.data)).toContain(field);
    }
    const cashier = await save(tokens.cashier, { admitBeforeMinutes: 10, admitAfterMinutes: 10 });
    expect(cashier.status).toBe(403);
    expect((await read(tokens.cashier)).status).toBe(403);
    expect(await settingsNow()).toEqual(before);
    expect(await auditRows()).toHaveLength(1);
  });
});
