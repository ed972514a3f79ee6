import { maskPhone, seatNames, type SeatState } from '@marquee/contracts';
import {
  proposeReseats,
  type AffectedOrder,
  type seatBlockCall,
  type seatUnblockCall,
  type ShowSeatBoard,
} from '@marquee/contracts/console';
import type { z } from 'zod';
import type { AppDeps, SignedInStaff } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { findShowWithLayout, type ShowWithLayout } from '../cinema/index.js';
import type { SiteRow } from '../site/index.js';
import { recordAudit } from '../staff/index.js';
import { rowsOf } from '../seat-holds/index.js';
import * as seatBlocksRepository from './seat-blocks.repository.js';

export type Deps = Pick<AppDeps, 'db' | 'clock'>;
/** requireStaff again with the show's cinema: a manager acts only on the cinemas they cover. */
export type CinemaGuard = (cinemaId: string) => Promise<unknown>;

/**
 * Broken seats of one show (decision 017): the staff's seat board with the orders on
 * broken seats and where their buyers could move (`proposeReseats`), blocking and repairing seats.
 * Moving the buyers is `reseat.service.ts`.
 */

export async function getSeatBoard(
  deps: Deps,
  site: SiteRow,
  showId: string,
  guard: CinemaGuard,
): Promise<ShowSeatBoard> {
  const layout = await showOrThrow(deps.db, site.id, showId);
  await guard(layout.show.cinema_id);
  return readSeatBoard(deps.db, layout, deps.clock.now());
}

/**
 * POST /api/console/shows/seats/block: one transaction under the show's lock (a hold racing it
 * either committed before, and is listed, or is refused by 0016's trigger), `show.blockSeats`.
 */
export function blockSeats(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: z.output<(typeof seatBlockCall)['body']>,
  guard: CinemaGuard,
): Promise<ShowSeatBoard> {
  return changeBlocks(deps, site, staff, body, guard, {
    change: (trx, change) =>
      seatBlocksRepository.insertBlocks(trx, { ...change, reason: body.reason }),
    audit: (seats) => ({ action: 'show.blockSeats', after: { seats, reason: body.reason } }),
  });
}

/** POST /api/console/shows/seats/unblock: the seats are for sale again, `show.unblockSeats`. */
export function unblockSeats(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: z.output<(typeof seatUnblockCall)['body']>,
  guard: CinemaGuard,
): Promise<ShowSeatBoard> {
  return changeBlocks(deps, site, staff, body, guard, {
    change: (trx, change) => seatBlocksRepository.liftBlocks(trx, change),
    audit: (seats) => ({ action: 'show.unblockSeats', before: { seats } }),
  });
}

interface BlockChange {
  showId: string;
  seatIds: string[];
  staffId: string;
  staffName: string;
  now: Date;
}

/**
 * Block or lift seats of a show: the guard, the layout's seats, the show locked open, the change,
 * an audit row naming the seats that did change (none: no row), then the fresh board.
 */
async function changeBlocks(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: { showId: string; seatIds: string[] },
  guard: CinemaGuard,
  how: {
    change: (trx: Executor, change: BlockChange) => Promise<string[]>;
    audit: (labels: string[]) => { action: string; before?: object; after?: object };
  },
): Promise<ShowSeatBoard> {
  const layout = await showOrThrow(deps.db, site.id, body.showId);
  await guard(layout.show.cinema_id);
  const seats = seatsOfLayout(layout, body.seatIds);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await lockOpenShow(trx, site, layout, now);
    const changed = await how.change(trx, {
      showId: layout.show.id,
      seatIds: seats.map((seat) => seat.id),
      staffId: staff.id,
      staffName: staff.displayName,
      now,
    });
    if (changed.length === 0) return;
    await recordAudit(trx, site, staff, now, {
      ...how.audit(labelsOf(layout, changed)),
      entity: 'show',
      entityId: layout.show.id,
    });
  });
  return readSeatBoard(deps.db, layout, deps.clock.now());
}

export async function showOrThrow(db: Executor, siteId: string, showId: string) {
  const layout = await findShowWithLayout(db, siteId, showId);
  if (!layout) throw notFound('Show', '场次');
  return layout;
}

/** The show locked, refused once it has ended or was cancelled: nothing to repair then. */
export async function lockOpenShow(
  trx: Executor,
  site: SiteRow,
  layout: ShowWithLayout,
  now: Date,
) {
  const show = await seatBlocksRepository.lockShow(trx, site.id, layout.show.id);
  if (!show) throw notFound('Show', '场次');
  if (show.cancelled_at !== null) {
    throw new AppError('SHOW_CHANGE_REFUSED', {
      hint: '该场次已取消，座位无需再调整',
      hintEn: 'This show was cancelled: its seats need no change.',
    });
  }
  if (show.end_at.getTime() <= now.getTime()) {
    throw new AppError('SHOW_CHANGE_REFUSED', {
      hint: '该场次已经结束，不能再调整座位',
      hintEn: 'This show has ended: its seats cannot be changed.',
    });
  }
  return show;
}

/** The named seats of the show's hall, each once; an unknown seat or one not for sale refuses. */
export function seatsOfLayout(layout: ShowWithLayout, seatIds: readonly string[]) {
  const byId = new Map(layout.seats.map((seat) => [seat.id, seat]));
  const seats = [...new Set(seatIds)].map((seatId) => byId.get(seatId));
  if (seats.some((seat) => seat === undefined)) {
    throw new AppError('SHOW_CHANGE_REFUSED', {
      hint: '所选座位不在该场次的影厅，请刷新座位图后重试',
      hintEn: "A chosen seat is not in this show's hall. Reload the seat map and try again.",
    });
  }
  const notSeats = seats.filter((seat) => seat!.kind === 'unavailable').map((seat) => seat!.label);
  if (notSeats.length > 0) {
    throw new AppError('SHOW_CHANGE_REFUSED', {
      hint: `座位 ${seatNames(notSeats, 'zh')} 在影厅布局中本就不可售，无需标记`,
      hintEn: `${seatNames(notSeats, 'en')}: never sold in this hall's layout, nothing to mark.`,
    });
  }
  return seats as ShowWithLayout['seats'];
}

const labelsOf = (layout: ShowWithLayout, seatIds: readonly string[]) => {
  const byId = new Map(layout.seats.map((seat) => [seat.id, seat.label]));
  return seatIds.map((seatId) => byId.get(seatId) ?? seatId).sort();
};

/**
 * The board: each seat's state as moviegoers see it, its block and its order; the orders on
 * broken seats, each with the proposal of `proposeReseats` (two orders never get one seat).
 */
export async function readSeatBoard(
  db: Executor,
  layout: ShowWithLayout,
  now: Date,
): Promise<ShowSeatBoard> {
  const showId = layout.show.id;
  const state = await seatBlocksRepository.findShowState(db, showId);
  const blocks = await seatBlocksRepository.listActiveBlocks(db, showId);
  const rows = await seatBlocksRepository.listActiveOrderSeats(db, showId);
  const blockOf = new Map(blocks.map((block) => [block.seat_id, block]));
  const labelOf = new Map(layout.seats.map((seat) => [seat.id, seat.label]));
  // An expired hold not yet swept still occupies its seat (nobody may be moved there) but is no
  // buyer to move and reads as free, as on the moviegoers' map.
  const live = rows.filter(
    (row) => row.state === 'sold' || row.hold_expires_at.getTime() > now.getTime(),
  );
  const liveOf = new Map(live.map((row) => [row.seat_id, row]));

  const affectedIds = [
    ...new Set(live.filter((row) => blockOf.has(row.seat_id)).map((row) => row.order_id)),
  ];
  const orders = affectedIds.map((orderId) => {
    const own = live.filter((row) => row.order_id === orderId);
    return { first: own[0]!, own, broken: own.filter((row) => blockOf.has(row.seat_id)) };
  });
  const proposals = proposeReseats(
    layout.seats.map((seat) => ({
      id: seat.id,
      label: seat.label,
      x: seat.x,
      y: seat.y,
      kind: seat.kind,
      areaId: seat.area_id,
    })),
    [...rows.map((row) => row.seat_id), ...blocks.map((block) => block.seat_id)],
    orders.map((order) => ({
      orderId: order.first.order_id,
      seatIds: order.broken.map((row) => row.seat_id),
      keptSeatIds: order.own.filter((row) => !blockOf.has(row.seat_id)).map((row) => row.seat_id),
    })),
  );
  const ref = (seatId: string) => ({ id: seatId, label: labelOf.get(seatId) ?? seatId });
  const affected: AffectedOrder[] = orders.map(({ first, own, broken }) => {
    const phone = first.order_phone ?? first.user_phone;
    const proposal = proposals.get(first.order_id) ?? null;
    return {
      orderId: first.order_id,
      orderNo: first.order_no,
      status: first.status,
      phone: phone ? maskPhone(phone) : null,
      seats: own.map((row) => ref(row.seat_id)),
      brokenSeats: broken.map((row) => ref(row.seat_id)),
      proposal: proposal
        ? proposal.map((move) => ({
            fromSeatId: move.fromSeatId,
            fromLabel: labelOf.get(move.fromSeatId) ?? '',
            toSeatId: move.toSeatId,
            toLabel: labelOf.get(move.toSeatId) ?? '',
          }))
        : null,
    };
  });

  const stateOf = (seat: ShowWithLayout['seats'][number]): SeatState => {
    if (seat.kind === 'unavailable') return 'unavailable';
    const row = liveOf.get(seat.id);
    return row?.state === 'held' || row?.state === 'sold' ? row.state : 'available';
  };
  return {
    show: {
      showId,
      cinemaId: layout.show.cinema_id,
      filmTitle: layout.show.film_title,
      hallName: layout.show.hall_name,
      startAt: new Date(layout.show.start_at).toISOString(),
      isOnSale: state.is_on_sale,
      isCancelled: state.cancelled_at !== null,
    },
    priceAreas: layout.areas.map((area) => ({
      id: area.id,
      name: area.name,
      color: area.color,
      priceFen: area.price_fen,
      discountPriceFen: area.discount_price_fen,
    })),
    columns: layout.show.columns,
    rowCount: layout.show.row_count,
    rows: rowsOf(layout.seats).map((seats) => ({
      label: seats[0]!.row_label,
      y: seats[0]!.y,
      seats: seats.map((seat) => {
        const block = blockOf.get(seat.id);
        return {
          id: seat.id,
          label: seat.label,
          x: seat.x,
          kind: seat.kind,
          areaId: seat.area_id,
          state: stateOf(seat),
          block: block
            ? { reason: block.reason, by: block.blocked_by, at: block.blocked_at.toISOString() }
            : null,
          orderNo: liveOf.get(seat.id)?.order_no ?? null,
        };
      }),
    })),
    affected,
  };
}
