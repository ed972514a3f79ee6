import { sql } from 'kysely';
import type { CallAnswer, FilmOrder, showSeatsCall } from '@marquee/contracts';
import type { Executor } from '../../db/schema.js';
import { call, type TestApp } from '../../test-support/test-app.js';

/** Helpers for the film-order tests: fresh shows, seat ids by label, holds. */
export type SeatMap = CallAnswer<typeof showSeatsCall>;

/**
 * Future shows of the demo halls with this name (1号厅: 6 rows of 10; 2号厅: 10 rows with aisles
 * and the broken seat E8; IMAX巨幕厅: 574 seats with couple rows S and T), each handed out once
 * so every test starts from an empty hall.
 */
export function showPicker(t: () => TestApp) {
  const used = new Set<string>();
  return async function freshShow(hallName: string): Promise<string> {
    const after = new Date(t().clock.now().getTime() + 3 * 60 * 60 * 1000);
    const rows = await t()
      .db.selectFrom('shows')
      .innerJoin('halls', 'halls.id', 'shows.hall_id')
      .select('shows.id')
      .where('halls.name', '=', hallName)
      .where('shows.start_at', '>', after)
      .orderBy('shows.start_at')
      .execute();
    const show = rows.find((row) => !used.has(row.id));
    if (!show) throw new Error(`no unused show left in ${hallName}`);
    used.add(show.id);
    return show.id;
  };
}

export async function seatMap(t: TestApp, showId: string): Promise<SeatMap> {
  const { body } = await call<SeatMap>(t.app, { url: `/api/show/seats?showId=${showId}` });
  if (body.code !== 0) throw new Error(`seat map of ${showId}: ${body.code} ${body.msg}`);
  return body.data;
}

export function seatIds(map: SeatMap, labels: string[]): string[] {
  const byLabel = new Map(
    map.rows.flatMap((row) => row.seats).map((seat) => [seat.label, seat.id]),
  );
  return labels.map((label) => {
    const id = byLabel.get(label);
    if (!id) throw new Error(`no seat ${label}`);
    return id;
  });
}

export function stateOf(map: SeatMap, label: string): string | undefined {
  return map.rows.flatMap((row) => row.seats).find((seat) => seat.label === label)?.state;
}

export async function hold(
  t: TestApp,
  token: string,
  showId: string,
  labels: string[],
  headers: Record<string, string> = {},
) {
  const map = await seatMap(t, showId);
  return call<FilmOrder>(t.app, {
    method: 'POST',
    url: '/api/filmOrder/create',
    token,
    headers,
    body: { showId, seatIds: seatIds(map, labels) },
  });
}

/**
 * Whether a statement like `pattern` (SQL LIKE) of this app's connections comes to wait on a lock
 * within about 5 s (PostgreSQL only). Other test files run on the same server at the same time:
 * only connections with this database's application_name count.
 */
export async function waitsOnLock(db: Executor, pattern: string): Promise<boolean> {
  for (let tries = 0; tries < 100; tries += 1) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where query like ${pattern} and wait_event_type = 'Lock'
        and application_name = current_setting('application_name')`.execute(db);
    if (rows[0]!.n > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}
