import { sql } from 'kysely';
import type { Executor, GoodsSpec } from '../../db/schema.js';
import { inCinemas, int, type ReportScope } from './reports.repository.js';

/**
 * SQL of what is still to come: shows not started yet with the tickets sold for them (today's
 * list, and advance sales per show date), and goods running low. Read-only.
 */

type ShowScope = Pick<ReportScope, 'siteId' | 'cinemaIds'> & {
  fromDate: string;
  toDate: string;
  /** Shows starting after this instant. */
  after: Date;
};

/**
 * Shows of the scope's dates starting after `after`, not cancelled: seats for sale, tickets sold
 * now, and the tickets' part of the orders that sold them (an order's seats are of one show; its
 * ticket part is what it paid less its snacks' part, as the sales report counts it).
 */
const futureShows = (scope: ShowScope) => sql`
  select sh.id, sh.show_date, sh.start_at, sh.cinema_id, sh.hall_id, sh.film_id,
    (select count(*) from seats se where se.layout_id = sh.layout_id and se.kind <> 'unavailable')
      as for_sale,
    coalesce(sold.seats, 0) as sold,
    coalesce(sold.ticket_fen, 0) as ticket_fen
  from shows sh
    left join lateral (
      select sum(per_order.seats) as seats,
        sum(o.amount_fen + o.goods_refunded_fen - (o.goods_fen - o.goods_discount_fen))
          as ticket_fen
      from (
        select s.order_id, count(*) as seats from film_order_seats s
        where s.show_id = sh.id and s.state = 'sold' and s.moved_at is null
        group by s.order_id
      ) per_order join orders o on o.id = per_order.order_id
    ) sold on true
  where sh.site_id = ${scope.siteId} and ${inCinemas(sql`sh.cinema_id`, scope.cinemaIds)}
    and sh.show_date >= ${scope.fromDate} and sh.show_date <= ${scope.toDate}
    and sh.start_at > ${scope.after} and sh.cancelled_at is null`;

/** Per show date: shows, tickets sold, their money and the seats for sale. */
export async function advanceByDay(db: Executor, scope: ShowScope) {
  const result = await sql<{
    day: string;
    show_count: string;
    sold: string;
    ticket_fen: string;
    for_sale: string;
  }>`
    with future as (${futureShows(scope)})
    select f.show_date as day, count(*) as show_count, sum(f.sold) as sold,
      sum(f.ticket_fen) as ticket_fen, sum(f.for_sale) as for_sale
    from future f
    group by f.show_date
    order by f.show_date`.execute(db);
  return result.rows.map((row) => ({
    date: String(row.day),
    showCount: int(row.show_count),
    ticketCount: int(row.sold),
    ticketFen: int(row.ticket_fen),
    seatsForSale: int(row.for_sale),
  }));
}

/** Each show still to come, earliest first, with its cinema, hall and film. */
export async function upcomingShows(db: Executor, scope: ShowScope) {
  const result = await sql<{
    id: string;
    start_at: Date;
    cinema_name: string;
    hall_name: string;
    title: string;
    sold: string;
    for_sale: string;
  }>`
    with future as (${futureShows(scope)})
    select f.id, f.start_at, c.name as cinema_name, h.name as hall_name, fi.title, f.sold,
      f.for_sale
    from future f
      join cinemas c on c.id = f.cinema_id
      join halls h on h.id = f.hall_id
      join films fi on fi.id = f.film_id
    order by f.start_at, c.name, h.name, f.id`.execute(db);
  return result.rows.map((row) => ({
    showId: row.id,
    startAt: new Date(row.start_at),
    cinemaName: row.cinema_name,
    hallName: row.hall_name,
    filmTitle: row.title,
    seatsSold: int(row.sold),
    seatsForSale: int(row.for_sale),
  }));
}

/**
 * On-sale goods variants at these cinemas with no more units than their reorder level there
 * (decision 050; a cinema without a row has 0 units and level 0), fewest first.
 */
export async function lowStockVariants(db: Executor, siteId: string, cinemaIds: string[]) {
  if (cinemaIds.length === 0) return [];
  const { rows } = await sql<{
    goodsId: string;
    goodsName: string;
    variantId: string;
    specs: GoodsSpec[];
    cinemaId: string;
    cinemaName: string;
    reorderLevel: number;
    stock: number;
  }>`
    select g.id as "goodsId", g.name as "goodsName", v.id as "variantId", v.specs,
      c.id as "cinemaId", c.name as "cinemaName",
      coalesce(s.reorder_level, 0) as "reorderLevel", coalesce(s.stock, 0) as stock
    from goods_variants v
    join goods g on g.id = v.goods_id
    join cinemas c on c.site_id = g.site_id
    left join goods_stock s on s.variant_id = v.id and s.cinema_id = c.id
    where g.site_id = ${siteId} and g.is_on_sale and coalesce(s.is_on_sale, true)
      and c.id = any(${sql.val(cinemaIds)}::uuid[])
      and coalesce(s.stock, 0) <= coalesce(s.reorder_level, 0)
    order by coalesce(s.stock, 0), g.name, v.sort_order, c.created_at`.execute(db);
  return rows;
}
