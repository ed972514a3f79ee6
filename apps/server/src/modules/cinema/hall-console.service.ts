import type { CallAnswer } from '@marquee/contracts';
import {
  hallLayoutProblems,
  rowLabelOf,
  seatsOfLayout,
  type ConsoleHall,
  type HallLayout,
  type LayoutCell,
  type consoleHallLayoutCall,
  type consoleHallListCall,
} from '@marquee/contracts/console';
import type { SignedInStaff } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { SiteRow } from '../site/index.js';
import { recordAudit } from '../staff/index.js';
import { findCinemaOrThrow, uniqueTaken, type Deps } from './cinema-console.service.js';
import * as hallsRepository from './halls.repository.js';
import type { CinemaGuard } from './schedule.service.js';

/**
 * Halls and their seat layouts in the staff console (area `cinemas`): owners and a cinema's
 * managers add and rename halls and save layouts. A saved layout is a new version; shows keep
 * theirs (decision 016). Every change is audited with before and after.
 */

/** GET /api/console/halls/list: the halls of a cinema with their current layout version. */
export async function listHalls(
  deps: Deps,
  site: SiteRow,
  cinemaId: string,
  guard: CinemaGuard,
): Promise<CallAnswer<typeof consoleHallListCall>> {
  await guard((await findCinemaOrThrow(deps.db, site.id, cinemaId)).id);
  const rows = await hallsRepository.listHallsOfCinema(deps.db, site.id, cinemaId);
  return { halls: rows.map(consoleHallOf) };
}

/** GET /api/console/halls/layout: the current layout as the editor paints it. */
export async function readHallLayout(
  deps: Deps,
  site: SiteRow,
  hallId: string,
  guard: CinemaGuard,
): Promise<CallAnswer<typeof consoleHallLayoutCall>> {
  const hall = await findHallOrThrow(deps.db, site.id, hallId);
  await guard(hall.cinema_id);
  const [areas, seats, showsOnVersion] = await Promise.all([
    hallsRepository.listLayoutAreas(deps.db, hall.layout_id),
    hallsRepository.listLayoutSeatCells(deps.db, hall.layout_id),
    hallsRepository.countShowsOnLayout(deps.db, hall.layout_id),
  ]);
  const codeOf = new Map(areas.map((area) => [area.id, area.code]));
  const rows = Array.from({ length: hall.row_count }, (_, y) => ({
    label: hall.row_labels[y] ?? seats.find((seat) => seat.y === y)?.row_label ?? rowLabelOf(y),
    cells: Array.from({ length: hall.columns }, (): LayoutCell => ({ kind: 'aisle', area: null })),
  }));
  for (const seat of seats) {
    const row = rows[seat.y];
    if (!row || seat.x >= hall.columns) continue;
    row.cells[seat.x] = {
      kind: seat.kind,
      area: seat.area_id ? (codeOf.get(seat.area_id) ?? null) : null,
    };
  }
  return {
    hall: consoleHallOf(hall),
    layout: {
      columns: hall.columns,
      rows,
      // No English name reads back as none given: the layout saved is the layout read.
      areas: areas.map(({ code, name, name_en, color }) => ({
        code,
        name,
        ...(name_en === null ? {} : { nameEn: name_en }),
        color,
      })),
    },
    showsOnVersion,
  };
}

/** POST /api/console/halls/create: a hall with its layout as version 1; `hall.create`. */
export async function createHall(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: { cinemaId: string; name: string; nameEn?: string | null; layout: HallLayout },
  guard: CinemaGuard,
): Promise<ConsoleHall> {
  await guard((await findCinemaOrThrow(deps.db, site.id, body.cinemaId)).id);
  refuseBadLayout(body.layout);
  const now = deps.clock.now();
  const hallId = await deps.db.transaction().execute(async (trx) => {
    const cinema = await hallsRepository.findCinemaForUpdate(trx, site.id, body.cinemaId);
    if (!cinema) throw notFound('Cinema', '影院');
    if (await hallsRepository.findHallByName(trx, cinema.id, body.name)) {
      throw new AppError('HALL_NAME_TAKEN', { name: body.name });
    }
    const { id } = await hallsRepository
      .insertHall(trx, {
        cinemaId: cinema.id,
        name: body.name,
        nameEn: body.nameEn ?? null,
        columns: body.layout.columns,
        rowCount: body.layout.rows.length,
      })
      .catch(uniqueTaken('HALL_NAME_TAKEN', body.name));
    const hall = await hallsRepository.findHallWithLayout(trx, site.id, id);
    await hallsRepository.setLayoutRowLabels(trx, hall!.layout_id, rowLabelsOf(body.layout));
    await insertLayoutContent(trx, id, hall!.layout_id, body.layout);
    await recordAudit(trx, site, staff, now, {
      action: 'hall.create',
      entity: 'hall',
      entityId: id,
      after: {
        cinemaId: cinema.id,
        name: body.name,
        nameEn: body.nameEn ?? null,
        layout: layoutSummary(body.layout, 1),
      },
    });
    return id;
  });
  return readHall(deps.db, site.id, hallId);
}

/** POST /api/console/halls/rename: the Chinese and English names; `hall.rename`. */
export async function renameHall(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: { hallId: string; name: string; nameEn?: string | null },
  guard: CinemaGuard,
): Promise<ConsoleHall> {
  const hall = await findHallOrThrow(deps.db, site.id, body.hallId);
  await guard(hall.cinema_id);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const locked = await hallsRepository.lockHallOfSite(trx, site.id, hall.id);
    if (!locked) throw notFound('Hall', '影厅');
    // Left out, the English name stays as it is.
    const nameEn = body.nameEn === undefined ? locked.name_en : body.nameEn;
    if (locked.name === body.name && locked.name_en === nameEn) return;
    if (
      locked.name !== body.name &&
      (await hallsRepository.findHallByName(trx, locked.cinema_id, body.name))
    ) {
      throw new AppError('HALL_NAME_TAKEN', { name: body.name });
    }
    await hallsRepository
      .renameHall(trx, hall.id, { name: body.name, nameEn })
      .catch(uniqueTaken('HALL_NAME_TAKEN', body.name));
    await recordAudit(trx, site, staff, now, {
      action: 'hall.rename',
      entity: 'hall',
      entityId: hall.id,
      before: { name: locked.name, nameEn: locked.name_en },
      after: { name: body.name, nameEn },
    });
  });
  return readHall(deps.db, site.id, hall.id);
}

/**
 * POST /api/console/halls/saveLayout: the layout as a new version (current + 1), under the hall's
 * lock, refused when someone saved since `baseVersion`. Shows already scheduled keep their
 * version; shows scheduled from now on get this one. `hall.layout` with both versions' summaries.
 */
export async function saveHallLayout(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: { hallId: string; baseVersion: number; layout: HallLayout },
  guard: CinemaGuard,
): Promise<ConsoleHall> {
  const hall = await findHallOrThrow(deps.db, site.id, body.hallId);
  await guard(hall.cinema_id);
  refuseBadLayout(body.layout);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await hallsRepository.lockHallOfSite(trx, site.id, hall.id);
    const current = await hallsRepository.findHallWithLayout(trx, site.id, hall.id);
    if (!current) throw notFound('Hall', '影厅');
    if (current.version !== body.baseVersion) {
      throw new AppError('HALL_LAYOUT_STALE', { currentVersion: current.version });
    }
    const version = current.version + 1;
    const { id: layoutId } = await hallsRepository.insertLayout(trx, {
      hallId: hall.id,
      version,
      columns: body.layout.columns,
      rowCount: body.layout.rows.length,
      rowLabels: rowLabelsOf(body.layout),
    });
    await insertLayoutContent(trx, hall.id, layoutId, body.layout);
    await hallsRepository.setHallSize(trx, hall.id, {
      columns: body.layout.columns,
      rowCount: body.layout.rows.length,
    });
    await recordAudit(trx, site, staff, now, {
      action: 'hall.layout',
      entity: 'hall',
      entityId: hall.id,
      before: {
        version: current.version,
        columns: current.columns,
        rows: current.row_count,
        seats: Number(current.seat_count ?? 0),
      },
      after: layoutSummary(body.layout, version),
    });
  });
  return readHall(deps.db, site.id, hall.id);
}

function refuseBadLayout(layout: HallLayout) {
  const problems = hallLayoutProblems(layout);
  if (problems.length > 0) {
    throw new AppError('HALL_LAYOUT_INVALID', { problems: problems.slice(0, 20) });
  }
}

/** The price areas and the seats of a layout version. */
async function insertLayoutContent(
  trx: Executor,
  hallId: string,
  layoutId: string,
  layout: HallLayout,
) {
  const areas = await hallsRepository.insertPriceAreas(
    trx,
    layout.areas.map((area) => ({ ...area, hallId, layoutId })),
  );
  const areaIdOf = new Map(areas.map((area) => [area.code, area.id]));
  await hallsRepository.insertSeats(
    trx,
    seatsOfLayout(layout).map((seat) => ({
      hall_id: hallId,
      layout_id: layoutId,
      row_label: seat.rowLabel,
      col: seat.col,
      x: seat.x,
      y: seat.y,
      kind: seat.kind,
      label: seat.label,
      area_id: seat.area === null ? null : (areaIdOf.get(seat.area) ?? null),
    })),
  );
}

const rowLabelsOf = (layout: HallLayout) => layout.rows.map((row) => row.label);

function layoutSummary(layout: HallLayout, version: number) {
  const seats = seatsOfLayout(layout);
  const count = (kind: string) => seats.filter((seat) => seat.kind === kind).length;
  return {
    version,
    columns: layout.columns,
    rows: layout.rows.length,
    seats: seats.filter((seat) => seat.kind !== 'unavailable').length,
    coupleSeats: count('couple-left') + count('couple-right'),
    wheelchairSpaces: count('wheelchair'),
    brokenSeats: count('unavailable'),
    areas: layout.areas.map((area) => area.code),
    areaNames: layout.areas.map((area) => ({
      code: area.code,
      name: area.name,
      nameEn: area.nameEn ?? null,
    })),
  };
}

type HallRow = NonNullable<Awaited<ReturnType<typeof hallsRepository.findHallWithLayout>>>;

function consoleHallOf(row: HallRow): ConsoleHall {
  return {
    id: row.id,
    cinemaId: row.cinema_id,
    name: row.name,
    nameEn: row.name_en,
    layoutVersion: row.version,
    columns: row.columns,
    rowCount: row.row_count,
    seatCount: Number(row.seat_count ?? 0),
  };
}

async function findHallOrThrow(db: Executor, siteId: string, hallId: string) {
  const hall = isUuid(hallId)
    ? await hallsRepository.findHallWithLayout(db, siteId, hallId)
    : undefined;
  if (!hall) throw notFound('Hall', '影厅');
  return hall;
}

async function readHall(db: Executor, siteId: string, hallId: string) {
  return consoleHallOf(await findHallOrThrow(db, siteId, hallId));
}
