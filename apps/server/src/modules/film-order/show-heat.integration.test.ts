import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CallAnswer, cinemaShowsCall, filmShowsCall } from '@marquee/contracts';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import {
  call,
  createTestApp,
  signIn,
  uniqueOpenid,
  type TestApp,
} from '../../test-support/test-app.js';
import { hold, showPicker } from './film-order-test-kit.js';

/** Show heat: the show lists say 紧张 and 售罄 from the seats held and sold. */
describeOnEachDatabase('show heat in the show lists', (kind) => {
  let t: TestApp;
  const freshShow = showPicker(() => t);

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  async function listed(showId: string) {
    const show = await t.db
      .selectFrom('shows')
      .select(['cinema_id', 'film_id', 'show_date'])
      .where('id', '=', showId)
      .executeTakeFirstOrThrow();
    const date = String(show.show_date).slice(0, 10);
    const byCinema = await call<CallAnswer<typeof cinemaShowsCall>>(t.app, {
      url: `/api/cinema/shows?cinemaId=${show.cinema_id}&date=${date}`,
    });
    const byFilm = await call<CallAnswer<typeof filmShowsCall>>(t.app, {
      url: `/api/film/shows?filmId=${show.film_id}&date=${date}`,
    });
    const inCinema = byCinema.body.data.films
      .flatMap((film) => film.shows)
      .find((one) => one.showId === showId)!;
    const inFilm = byFilm.body.data.cinemas
      .flatMap((cinema) => cinema.shows)
      .find((one) => one.showId === showId)!;
    // Both lists say the same.
    expect({ seatsLeft: inFilm.seatsLeft, heat: inFilm.heat }).toEqual({
      seatsLeft: inCinema.seatsLeft,
      heat: inCinema.heat,
    });
    return inCinema;
  }

  async function holdAsNewUser(showId: string, labels: string[]) {
    const token = await signIn(t.app, uniqueOpenid('heat'));
    const { body } = await hold(t, token, showId, labels);
    expect(body.code, body.msg).toBe(0);
  }

  const row = (letter: string, from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, index) => `${letter}${from + index}`);

  it('counts free seats and says few, then sold out, as seats are held', async () => {
    const showId = await freshShow('1号厅');
    expect(await listed(showId)).toMatchObject({ seatsLeft: 60, heat: 'normal' });

    for (const letter of ['A', 'B', 'C', 'D', 'E']) {
      await holdAsNewUser(showId, row(letter, 1, 6));
      await holdAsNewUser(showId, row(letter, 7, 10));
    }
    expect(await listed(showId)).toMatchObject({ seatsLeft: 10, heat: 'normal' });
    await holdAsNewUser(showId, ['F1', 'F2']);
    expect(await listed(showId)).toMatchObject({ seatsLeft: 8, heat: 'few' });
    await holdAsNewUser(showId, row('F', 3, 8));
    await holdAsNewUser(showId, ['F9', 'F10']);
    expect(await listed(showId)).toMatchObject({ seatsLeft: 0, heat: 'soldOut' });
  });

  it('counts the broken seat out of the hall and leaves other shows alone', async () => {
    const showId = await freshShow('2号厅');
    const other = await freshShow('2号厅');
    await holdAsNewUser(showId, ['E1', 'E2', 'E3']);
    // 160 places, one broken: 159 for sale.
    expect(await listed(showId)).toMatchObject({ seatsLeft: 156, heat: 'normal' });
    expect(await listed(other)).toMatchObject({ seatsLeft: 159, heat: 'normal' });
  });
});
