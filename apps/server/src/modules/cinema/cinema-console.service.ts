import type { CallAnswer } from '@marquee/contracts';
import {
  coversCinema,
  type CinemaFields,
  type ConsoleCinema,
  type consoleCinemaListCall,
} from '@marquee/contracts/console';
import type { AppDeps, SignedInStaff } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { SiteRow } from '../site/index.js';
import { recordAudit } from '../staff/index.js';
import * as cinemaRepository from './cinema.repository.js';
import * as hallsRepository from './halls.repository.js';
import type { CinemaGuard } from './schedule.service.js';

/**
 * Cinemas in the staff console (area `cinemas`): owners create them; owners and a cinema's
 * managers edit it (halls: `hall-console.service.ts`). Every change is audited with before and
 * after.
 */
export type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** GET /api/console/cinemas/list: the cinemas the caller covers (owners: all of the site). */
export async function listCinemas(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
): Promise<CallAnswer<typeof consoleCinemaListCall>> {
  const rows = await hallsRepository.listCinemasWithHallCount(deps.db, site.id);
  return {
    cinemas: rows.filter((row) => coversCinema(staff, row.id)).map(consoleCinemaOf),
    canCreate: staff.role === 'owner',
  };
}

/** POST /api/console/cinemas/create (owners): `cinema.create`. */
export async function createCinema(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  fields: CinemaFields,
): Promise<ConsoleCinema> {
  const now = deps.clock.now();
  const cinemaId = await deps.db.transaction().execute(async (trx) => {
    if (await hallsRepository.findCinemaByName(trx, site.id, fields.name)) {
      throw new AppError('CINEMA_NAME_TAKEN', { name: fields.name });
    }
    const { id } = await hallsRepository
      .insertCinema(trx, { site_id: site.id, ...columnsOf(cinemaColumns(fields)) })
      .catch(uniqueTaken('CINEMA_NAME_TAKEN', fields.name));
    await recordAudit(trx, site, staff, now, {
      action: 'cinema.create',
      entity: 'cinema',
      entityId: id,
      after: cinemaColumns(fields),
    });
    return id;
  });
  return readCinema(deps.db, site.id, cinemaId);
}

/** POST /api/console/cinemas/update: every field at once; `cinema.update` with before and after. */
export async function updateCinema(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: CinemaFields & { cinemaId: string },
  guard: CinemaGuard,
): Promise<ConsoleCinema> {
  const { cinemaId, ...fields } = body;
  await guard((await findCinemaOrThrow(deps.db, site.id, cinemaId)).id);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const cinema = await hallsRepository.findCinemaForUpdate(trx, site.id, cinemaId);
    if (!cinema) throw notFound('Cinema', '影院');
    if (
      cinema.name !== fields.name &&
      (await hallsRepository.findCinemaByName(trx, site.id, fields.name))
    ) {
      throw new AppError('CINEMA_NAME_TAKEN', { name: fields.name });
    }
    // English name and address left out stay as they are (older consoles do not send them).
    const after = cinemaColumns({
      ...fields,
      nameEn: fields.nameEn === undefined ? cinema.name_en : fields.nameEn,
      addressEn: fields.addressEn === undefined ? cinema.address_en : fields.addressEn,
    });
    await hallsRepository
      .updateCinema(trx, cinema.id, columnsOf(after))
      .catch(uniqueTaken('CINEMA_NAME_TAKEN', fields.name));
    await recordAudit(trx, site, staff, now, {
      action: 'cinema.update',
      entity: 'cinema',
      entityId: cinema.id,
      before: cinemaColumns({ ...cinema, nameEn: cinema.name_en, addressEn: cinema.address_en }),
      after,
    });
  });
  return readCinema(deps.db, site.id, cinemaId);
}

/** A concurrent insert with the same name loses on the unique index: the same answer. */
export const uniqueTaken =
  (type: 'CINEMA_NAME_TAKEN' | 'HALL_NAME_TAKEN', name: string) => (error: unknown) => {
    if ((error as { code?: string }).code === '23505') throw new AppError(type, { name });
    throw error;
  };

/** A cinema's fields as the console and the audit log show them. */
function cinemaColumns(fields: Omit<CinemaFields, 'tags'> & { tags: string[] }) {
  return {
    name: fields.name,
    nameEn: fields.nameEn ?? null,
    address: fields.address,
    addressEn: fields.addressEn ?? null,
    phone: fields.phone,
    latitude: fields.latitude,
    longitude: fields.longitude,
    tags: fields.tags,
  };
}

/** The same as table columns. */
function columnsOf({ nameEn, addressEn, ...rest }: ReturnType<typeof cinemaColumns>) {
  return { ...rest, name_en: nameEn, address_en: addressEn };
}

type CinemaRow = Awaited<ReturnType<typeof hallsRepository.listCinemasWithHallCount>>[number];

function consoleCinemaOf(row: CinemaRow): ConsoleCinema {
  return {
    ...cinemaColumns({ ...row, nameEn: row.name_en, addressEn: row.address_en }),
    id: row.id,
    hallCount: Number(row.hall_count),
  };
}

async function readCinema(db: Executor, siteId: string, cinemaId: string) {
  const row = (await hallsRepository.listCinemasWithHallCount(db, siteId)).find(
    (cinema) => cinema.id === cinemaId,
  );
  if (!row) throw notFound('Cinema', '影院');
  return consoleCinemaOf(row);
}

/** Another site's cinema is unknown here (404), as for every other staff call. */
export async function findCinemaOrThrow(db: Executor, siteId: string, cinemaId: string) {
  const cinema = isUuid(cinemaId) ? await cinemaRepository.findCinema(db, siteId, cinemaId) : null;
  if (!cinema) throw notFound('Cinema', '影院');
  return cinema;
}
