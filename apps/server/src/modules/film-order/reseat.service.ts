import { seatNames, seatsMovedByStaff } from '@marquee/contracts';
import type { reseatCall } from '@marquee/contracts/console';
import type { z } from 'zod';
import type { SignedInStaff } from '../../app-deps.js';
import { AppError } from '../../lib/errors.js';
import { enqueueShowChangeNotices } from '../notices/index.js';
import { lockOrder, recordOrderChange } from '../orders/index.js';
import type { SiteRow } from '../site/index.js';
import { recordAudit } from '../staff/index.js';
import * as seatBlocksRepository from './seat-blocks.repository.js';
import {
  lockOpenShow,
  readSeatBoard,
  seatsOfLayout,
  showOrThrow,
  type CinemaGuard,
  type Deps,
} from './seat-blocks.service.js';

type Body = z.output<(typeof reseatCall)['body']>;
type Answer = z.input<(typeof reseatCall)['answer']>;

/** Thrown inside the transaction (rolling it back), answered with a fresh board after it. */
class StaleMoves extends Error {
  constructor(readonly seatIds: string[]) {
    super('proposed seats were taken');
  }
}

/**
 * POST /api/console/shows/seats/reseat: move the buyers of broken seats to the seats proposed, all
 * orders in one transaction:
 *   1. lock the show (holds of it wait: 0015's and 0016's triggers read it FOR SHARE), then each
 *      order in id order; each order must leave a broken seat (its party's other seats may move
 *      with it, to stay together)
 *   2. per seat: release the old row, insert the new one in the same state at the same price (the
 *      unique index on active seats and 0016's trigger refuse a seat taken or blocked meanwhile)
 *   3. `film_order_seat_moves` (what the buyer reads), an order event, an `order.reseat` audit row
 * A seat lost meanwhile undoes everything: RESEAT_STALE with those seats and a fresh board. The
 * ticket code does not change: the door checks the order, and the order's seats are the new ones.
 */
export async function reseatOrders(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: Body,
  guard: CinemaGuard,
): Promise<Answer> {
  const layout = await showOrThrow(deps.db, site.id, body.showId);
  await guard(layout.show.cinema_id);
  const byId = new Map(layout.seats.map((seat) => [seat.id, seat]));
  seatsOfLayout(layout, [
    ...body.moves.map((move) => move.fromSeatId),
    ...body.moves.map((move) => move.toSeatId),
  ]);
  const targets = body.moves.map((move) => move.toSeatId);
  if (new Set(targets).size !== targets.length) {
    throw new AppError('SHOW_CHANGE_REFUSED', {
      hint: '同一个座位不能分给两位观众，请重新生成换座方案',
      hintEn: 'One seat cannot go to two buyers. Get a new proposal.',
    });
  }
  for (const move of body.moves) {
    const from = byId.get(move.fromSeatId)!;
    const to = byId.get(move.toSeatId)!;
    if (from.area_id !== to.area_id) {
      throw new AppError('SHOW_CHANGE_REFUSED', {
        hint: `${to.label} 与 ${from.label} 不是同一票价区，只能换到同价区的座位`,
        hintEn: `${to.label} is not in the price area of ${from.label}: move buyers within their area.`,
      });
    }
  }
  const label = (seatId: string) => byId.get(seatId)?.label ?? seatId;
  const byOrder = new Map<string, Body['moves']>();
  for (const move of body.moves)
    byOrder.set(move.orderId, [...(byOrder.get(move.orderId) ?? []), move]);
  const now = deps.clock.now();

  try {
    await deps.db.transaction().execute(async (trx) => {
      await lockOpenShow(trx, site, layout, now);
      const blocks = new Map(
        (await seatBlocksRepository.listActiveBlocks(trx, layout.show.id)).map((block) => [
          block.seat_id,
          block,
        ]),
      );
      const lost: string[] = [];
      for (const orderId of [...byOrder.keys()].sort()) {
        const moves = byOrder.get(orderId)!;
        const order = await lockOrder(trx, orderId);
        if (!order || order.site_id !== site.id || order.kind !== 'film') {
          throw new AppError('NOT_FOUND', { what: '订单', whatEn: 'The order' });
        }
        // An order moves only because one of its seats is broken (its party may move with it).
        const broken = moves.find((move) => blocks.has(move.fromSeatId));
        if (!broken) {
          const labels = moves.map((m) => label(m.fromSeatId));
          throw new AppError('SHOW_CHANGE_REFUSED', {
            hint: `座位 ${seatNames(labels, 'zh')} 没有标记为损坏，无需换座`,
            hintEn: `${seatNames(labels, 'en')}: not marked broken, nobody needs moving.`,
          });
        }
        for (const move of moves) {
          const moved = await seatBlocksRepository.moveSeat(trx, {
            orderId,
            showId: layout.show.id,
            fromSeatId: move.fromSeatId,
            toSeatId: move.toSeatId,
            now,
          });
          if (!moved) lost.push(move.toSeatId);
        }
        if (lost.length > 0) continue;
        const text = moves.map((m) => `${label(m.fromSeatId)} → ${label(m.toSeatId)}`).join(', ');
        const why = blocks.get(broken.fromSeatId)!.reason;
        const reason = seatsMovedByStaff(staff.username, text, why);
        await seatBlocksRepository.insertMoves(
          trx,
          moves.map((move) => ({
            orderId,
            showId: layout.show.id,
            fromSeatId: move.fromSeatId,
            toSeatId: move.toSeatId,
            reason: why,
            movedAt: now,
            staffId: staff.id,
          })),
        );
        await recordOrderChange(trx, order, reason);
        await recordAudit(trx, site, staff, now, {
          action: 'order.reseat',
          entity: 'order',
          entityId: orderId,
          before: { showId: layout.show.id, seats: moves.map((m) => label(m.fromSeatId)) },
          after: {
            showId: layout.show.id,
            seats: moves.map((m) => label(m.toSeatId)),
            reason: why,
          },
        });
      }
      if (lost.length > 0) throw new StaleMoves(lost);
      // Each moved buyer is told the new seats (after the moves, so the message reads them).
      await enqueueShowChangeNotices(trx, {
        showId: layout.show.id,
        change: 'reseated',
        eventKey: `reseated:${now.toISOString()}`,
        orderIds: [...byOrder.keys()],
        at: now,
      });
    });
  } catch (error) {
    if (error instanceof StaleMoves) {
      throw new AppError('RESEAT_STALE', {
        seats: error.seatIds.map(label),
        board: await readSeatBoard(deps.db, layout, deps.clock.now()),
      });
    }
    // 0015's trigger: new seat rows only for shows on sale.
    if ((error as { code?: string }).code === '23514' && /not on sale/.test(String(error))) {
      throw new AppError('SHOW_CHANGE_REFUSED', {
        hint: '该场次已停售，无法换座：请先恢复售票，或为受影响的订单退款',
        hintEn: 'This show is off sale, so seats cannot be moved: refund the affected orders.',
      });
    }
    throw error;
  }
  return {
    board: await readSeatBoard(deps.db, layout, deps.clock.now()),
    movedOrders: byOrder.size,
    movedSeats: body.moves.length,
  };
}
