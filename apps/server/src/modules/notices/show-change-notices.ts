import { seatName, type ShowChange } from '@marquee/contracts';
import { sql } from 'kysely';
import type { Executor } from '../../db/schema.js';
import { localDateTimeOf } from '../../lib/local-date.js';
import * as noticesRepository from './notices.repository.js';

/** What a change says beyond the show itself: the old time, a reason. */
export interface ShowChangeDetail {
  change: ShowChange;
  /** Distinguishes two changes of one kind to one order (the outbox keeps one row per event). */
  eventKey: string;
  reason?: string;
  previousStartAt?: Date;
}

/**
 * Inside the transaction of the change: one `showChanged` notice per ticketed order of the show
 * (or of `orderIds`), naming film, cinema, China time, hall and seats ("7排8座"), to the in-app
 * list, WeChat where the buyer subscribed and the bound phone (the worker sends both after the
 * commit). Answers how many were written (a replayed event writes none).
 */
export async function enqueueShowChangeNotices(
  trx: Executor,
  input: ShowChangeDetail & { showId: string; at: Date; orderIds?: readonly string[] },
): Promise<number> {
  const orders = await ticketedOrdersOfShow(trx, input.showId, input.orderIds);
  for (const order of orders) {
    const seats = order.labels.map((label) => seatName(label, 'zh')).join(' ');
    const startAt = localDateTimeOf(order.start_at);
    await noticesRepository.insertOutbox(trx, {
      siteId: order.site_id,
      userId: order.user_id,
      orderId: order.order_id,
      kind: 'showChanged',
      eventKey: input.eventKey,
      smsState: 'pending',
      at: input.at,
      payload: {
        orderNo: order.order_no,
        title: order.film_title,
        cinema: order.cinema_name,
        hall: order.hall_name,
        startAt: order.start_at.toISOString(),
        seats,
        change: input.change,
        text: changeText(input, {
          film: order.film_title,
          cinema: order.cinema_name,
          hall: order.hall_name,
          startAt,
          seats,
        }),
      },
    });
  }
  return orders.length;
}

/** The words of the message (in-app list, SMS): film, cinema, hall, China time, seats. */
export function changeText(
  detail: ShowChangeDetail,
  show: { film: string; cinema: string; hall: string; startAt: string; seats: string },
): string {
  const what = `《${show.film}》${show.cinema} ${show.hall} ${show.startAt} ${show.seats}`;
  const why = detail.reason ? `（${detail.reason}）` : '';
  switch (detail.change) {
    case 'cancelled':
      return `您购买的${what}场次已取消${why}，票款将原路退回。`;
    case 'reseated':
      return `您购买的《${show.film}》${show.cinema} ${show.hall} ${show.startAt} 场次座位已调整为 ${show.seats}${why}，取票码不变。`;
    case 'time': {
      const from = detail.previousStartAt ? localDateTimeOf(detail.previousStartAt) : '';
      return `您购买的《${show.film}》${show.cinema} ${show.hall} 场次开场时间由 ${from} 改为 ${show.startAt}（座位 ${show.seats}）${why}。如不便观影，可在开场前免费退票。`;
    }
  }
}

async function ticketedOrdersOfShow(trx: Executor, showId: string, orderIds?: readonly string[]) {
  const onlyOrders = orderIds ? sql`and o.id = any(${[...orderIds]}::uuid[])` : sql``;
  const result = await sql<{
    order_id: string;
    site_id: string;
    user_id: string;
    order_no: string;
    film_title: string;
    cinema_name: string;
    hall_name: string;
    start_at: Date;
    labels: string[];
  }>`
    select o.id as order_id, o.site_id, o.user_id, o.order_no, f.title as film_title,
      c.name as cinema_name, h.name as hall_name, s.start_at,
      array_agg(se.label order by se.row_label, se.col) as labels
    from shows s
    join films f on f.id = s.film_id
    join cinemas c on c.id = s.cinema_id
    join halls h on h.id = s.hall_id
    join film_order_seats fos on fos.show_id = s.id and fos.state = 'sold' and fos.moved_at is null
    join orders o on o.id = fos.order_id and o.status = 'ticketed'
    join seats se on se.id = fos.seat_id
    where s.id = ${showId} ${onlyOrders}
    group by o.id, f.title, c.name, h.name, s.start_at
    order by o.id`.execute(trx);
  return result.rows.map((row) => ({ ...row, start_at: new Date(row.start_at) }));
}
