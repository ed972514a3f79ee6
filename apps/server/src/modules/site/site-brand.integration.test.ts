import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CallAnswer, authConfigCall } from '@marquee/contracts';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';

type AuthConfig = CallAnswer<typeof authConfigCall>;

describeOnEachDatabase('one brand per site', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it("serves the demo site's brand of today with the sign-in settings", async () => {
    const { body } = await call<AuthConfig>(t.app, { url: '/api/wx/authConfig' });
    expect(body.code).toBe(0);
    expect(body.data.brand).toEqual({
      name: '星幕影城（演示）',
      shortName: '星幕影城',
      shortNameEn: 'Marquee Cinemas',
      logoUrl: null,
      themeColor: '#d0343a',
    });
  });

  it('serves a second site its own name, logo and colour, not the demo brand', async () => {
    const code = `galaxy-${randomBytes(4).toString('hex')}`;
    await t.db
      .insertInto('sites')
      .values({
        code,
        name: '银河影城连锁',
        short_name: '银河影城',
        logo_url: 'https://galaxy.example.com/logo.png',
        theme_color: '#1d4ed8',
        messenger_mode: 'sandbox',
        wechat_app_id: `wx-${code}`,
      })
      .execute();
    const { body } = await call<AuthConfig>(t.app, { url: '/api/wx/authConfig', site: code });
    expect(body.code).toBe(0);
    expect(body.data.brand).toEqual({
      name: '银河影城连锁',
      shortName: '银河影城',
      // No English name set: the Chinese short name, never another chain's.
      shortNameEn: '银河影城',
      logoUrl: 'https://galaxy.example.com/logo.png',
      themeColor: '#1d4ed8',
    });
  });

  it('falls back to the full name when a site has no short name', async () => {
    const code = `plain-${randomBytes(4).toString('hex')}`;
    await t.db
      .insertInto('sites')
      .values({
        code,
        name: 'Plain Pictures',
        messenger_mode: 'sandbox',
        wechat_app_id: `wx-${code}`,
      })
      .execute();
    const { body } = await call<AuthConfig>(t.app, { url: '/api/wx/authConfig', site: code });
    expect(body.data.brand).toMatchObject({
      shortName: 'Plain Pictures',
      shortNameEn: 'Plain Pictures',
    });
  });

  it('refuses a theme colour that is not #rrggbb in SQL', async () => {
    const code = `bad-${randomBytes(4).toString('hex')}`;
    const refused = await t.db
      .insertInto('sites')
      .values({
        code,
        name: 'Bad',
        theme_color: 'red;background:url(x)',
        messenger_mode: 'sandbox',
        wechat_app_id: `wx-${code}`,
      })
      .execute()
      .then(
        () => null,
        (error: unknown) => error as { code?: string },
      );
    expect(refused?.code).toBe('23514');
  });
});
