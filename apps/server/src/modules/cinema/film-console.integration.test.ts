import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FilmDetail } from '@marquee/contracts';
import type { ConsoleFilm } from '@marquee/contracts/console';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  consoleCall,
  createOtherSite,
  DEMO_PASSWORDS,
  staffToken,
  uniqueUsername,
} from '../staff/staff-test-kit.js';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('not really pixels, but the type is read from the first bytes'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);
const GIF = Buffer.from('GIF89a and the rest of a gif');

describeOnEachDatabase('films in the staff console', (kind) => {
  let t: TestApp;
  const tokens = { owner: '', manager: '', cashier: '' };
  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const role of ['owner', 'manager', 'cashier'] as const) {
      tokens[role] = await staffToken(t.app, role, DEMO_PASSWORDS[role]);
    }
  });
  afterAll(() => t?.close());

  const fields = (title = `测试影片 ${uniqueUsername()}`) => ({
    title,
    synopsis: '一部用来测试的影片。',
    genres: ['剧情', '悬疑'],
    durationMinutes: 118,
    releaseDate: '2026-12-20',
    rating: 8.4,
    director: '某导演',
    country: '中国大陆',
    language: '国语',
    cast: [{ name: '演员甲', role: '主角' }],
  });
  const create = (token: string, body: unknown) =>
    consoleCall<ConsoleFilm>(t.app, { url: '/api/console/films/create', staffToken: token, body });
  const update = (token: string, body: unknown) =>
    consoleCall<ConsoleFilm>(t.app, { url: '/api/console/films/update', staffToken: token, body });
  const upload = (token: string, filmId: string, bytes: Buffer) =>
    consoleCall<ConsoleFilm>(t.app, {
      url: '/api/console/films/poster',
      staffToken: token,
      body: { filmId, dataBase64: bytes.toString('base64') },
    });
  const auditRows = (entityId: string) =>
    t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', entityId).execute();
  const filmCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('films')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('lets a manager create a film that moviegoers then see, and audits it', async () => {
    const created = await create(tokens.manager, fields());
    expect(created.body.code).toBe(0);
    const film = created.body.data;
    expect(film).toMatchObject({ durationMinutes: 118, rating: 8.4, posterVersion: null });
    const listed = await consoleCall<{ list: ConsoleFilm[] }>(t.app, {
      url: '/api/console/films/list',
      staffToken: tokens.owner,
    });
    expect(listed.body.data.list.map((f) => f.id)).toContain(film.id);
    const detail = await call<FilmDetail>(t.app, { url: `/api/film/detail?filmId=${film.id}` });
    expect(detail.body.data).toMatchObject({ title: film.title, cast: film.cast });
    expect((await auditRows(film.id)).map((row) => row.action)).toEqual(['film.create']);
  });

  it('updates every field and audits before and after', async () => {
    const film = (await create(tokens.owner, fields())).body.data;
    const changed = { ...fields(`${film.title} 导演剪辑版`), id: film.id, rating: null };
    const answer = await update(tokens.manager, changed);
    expect(answer.body.code).toBe(0);
    expect(answer.body.data).toMatchObject({ title: changed.title, rating: null });
    const rows = await auditRows(film.id);
    expect(rows.map((row) => row.action)).toEqual(['film.create', 'film.update']);
    expect(rows[1]!.before).toMatchObject({ title: film.title, rating: 8.4 });
    expect(rows[1]!.after).toMatchObject({ title: changed.title, rating: null });
  });

  it('refuses cashiers, bad fields and a taken title, changing nothing', async () => {
    const before = await filmCount();
    const cashier = await create(tokens.cashier, fields());
    expect([cashier.status, cashier.body.code]).toEqual([403, 40301]);
    for (const bad of [
      { ...fields(), title: '' },
      { ...fields(), durationMinutes: 0 },
      { ...fields(), releaseDate: '2026-02-30' },
      { ...fields(), rating: 11 },
      { ...fields(), rating: 7.25 },
      { ...fields(), genres: ['剧情', '剧情'] },
    ]) {
      const refused = await create(tokens.owner, bad);
      expect(refused.body.code).toBe(40001);
    }
    const first = (await create(tokens.owner, fields())).body.data;
    const taken = await create(tokens.owner, fields(first.title));
    expect([taken.status, taken.body.code]).toEqual([409, 40931]);
    expect(await filmCount()).toBe(before + 1);
  });

  it('answers 40401 for a film of another site', async () => {
    const other = await createOtherSite(t.db, t.clock, 'boss-pass-2026');
    const bossToken = await staffToken(t.app, 'boss', 'boss-pass-2026', other.code);
    const ours = (await create(tokens.owner, fields())).body.data;
    const answer = await consoleCall(t.app, {
      url: '/api/console/films/update',
      site: other.code,
      staffToken: bossToken,
      body: { ...fields(), id: ours.id },
    });
    expect([answer.status, answer.body.code]).toEqual([404, 40401]);
    const poster = await consoleCall(t.app, {
      url: '/api/console/films/poster',
      site: other.code,
      staffToken: bossToken,
      body: { filmId: ours.id, dataBase64: PNG.toString('base64') },
    });
    expect(poster.body.code).toBe(40401);
  });

  it('serves an uploaded PNG, JPEG or WebP at the poster URL instead of the drawn SVG', async () => {
    const film = (await create(tokens.manager, fields())).body.data;
    const drawn = await t.app.inject({ url: film.posterUrl });
    expect(drawn.headers['content-type']).toContain('image/svg+xml');
    for (const [bytes, type] of [
      [PNG, 'image/png'],
      [JPEG, 'image/jpeg'],
      [WEBP, 'image/webp'],
    ] as const) {
      const answer = await upload(tokens.manager, film.id, bytes);
      expect(answer.body.code).toBe(0);
      expect(answer.body.data.posterVersion).not.toBeNull();
      const served = await t.app.inject({ url: film.posterUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      const again = await t.app.inject({
        url: film.posterUrl,
        headers: { 'if-none-match': String(served.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
    expect((await auditRows(film.id)).filter((row) => row.action === 'film.poster')).toHaveLength(
      3,
    );
  });

  it('refuses a poster that is not PNG/JPEG/WebP by its bytes, or larger than 2 MB', async () => {
    const film = (await create(tokens.manager, fields())).body.data;
    const gif = await upload(tokens.manager, film.id, GIF);
    expect([gif.status, gif.body.code]).toEqual([400, 40030]);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await upload(tokens.manager, film.id, big);
    expect(tooLarge.body.code).toBe(40030);
    expect(tooLarge.body.msg).toContain('2 MB');
    const served = await t.app.inject({ url: film.posterUrl });
    expect(served.headers['content-type']).toContain('image/svg+xml');
    expect(
      await t.db.selectFrom('film_posters').selectAll().where('film_id', '=', film.id).execute(),
    ).toEqual([]);
  });
});
