import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/schema.js';

/**
 * SQL of the reports: read-only aggregates over other modules' tables (orders, order_events,
 * film_order_seats, shows, seats, store_order_lines, payments, payment_refunds,
 * payment_notifications, cards, card_ledger), read as a read model. No writes, no rules.
 */

/** What a report covers: a site, its cinemas in scope, and a half-open range of instants. */
export interface ReportScope {
  siteId: string;
  cinemaIds: readonly string[];
  fromAt: Date;
  toAt: Date;
}

/** The local date (Asia/Shanghai, UTC+8 without daylight saving) of a timestamptz column. */
export const localDay = (column: RawBuilder<unknown>) =>
  sql<string>`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

export const inCinemas = (column: RawBuilder<unknown>, ids: readonly string[]) =>
  ids.length === 0
    ? sql`false`
    : sql`${column} in (${sql.join(ids.map((id) => sql`${id}::uuid`))})`;

export const int = (value: unknown) => Number(value ?? 0);

export async function findCinemas(db: Executor, siteId: string, ids: readonly string[] | null) {
  if (ids && ids.length === 0) return [];
  let query = db.selectFrom('cinemas').select(['id', 'name']).where('site_id', '=', siteId);
  if (ids) query = query.where('id', 'in', [...ids]);
  return query.orderBy('name').orderBy('id').execute();
}

/**
 * Seats an order sold: sold now, or released by its refund (never seats it only held, nor those an
 * exchange released: a refunded order's seats are those of the show it was for last, decision 025).
 */
export const soldSeatsOf = (orderId: RawBuilder<unknown>) => sql<number>`(
  select count(*) from film_order_seats s
  where s.order_id = ${orderId} and s.moved_at is null
    and (s.state = 'sold' or (s.state = 'released' and o.status = 'refunded'
      and s.show_id = (select last.show_id from film_order_seats last
                       where last.order_id = s.order_id order by last.id desc limit 1))))`;

/** A paid order's goods part: a store order's whole amount, a film order's snacks after their coupon share. */
const goodsPartOf = sql`(case when o.kind = 'store' then o.amount_fen
  else o.goods_fen - o.goods_discount_fen end)`;

/**
 * The money events of the range, each on its own day: orders paid (`paid`), orders refunded
 * (`refund`) and the snacks of film orders refunded on their own (`goodsRefund`, decision 029).
 * `amount_fen` is the event's money, `goods_part_fen` the share of it that is goods; the rest is
 * tickets. A goods-only refund takes its money off the order's amount, so what was paid is the
 * amount plus it, and a later full refund gives back the amount as it is.
 */
export const moneyEvents = (scope: ReportScope) => sql`
  select o.id, o.kind, o.cinema_id, o.channel, o.status, ${localDay(sql`o.paid_at`)} as day,
    'paid' as event, false as is_refund, o.amount_fen + o.goods_refunded_fen as amount_fen,
    ${goodsPartOf} as goods_part_fen
  from orders o
  where o.site_id = ${scope.siteId} and ${inCinemas(sql`o.cinema_id`, scope.cinemaIds)}
    and o.paid_at >= ${scope.fromAt} and o.paid_at < ${scope.toAt}
    -- An exchange order's difference is in its exchanged order's total (decision 031).
    and o.exchange_of is null
  union all
  select o.id, o.kind, o.cinema_id, o.channel, o.status, ${localDay(sql`e.created_at`)} as day,
    'refund' as event, true as is_refund, o.amount_fen,
    ${goodsPartOf} - o.goods_refunded_fen as goods_part_fen
  from order_events e join orders o on o.id = e.order_id
  where e.to_status = 'refunded'
    and o.site_id = ${scope.siteId} and ${inCinemas(sql`o.cinema_id`, scope.cinemaIds)}
    and e.created_at >= ${scope.fromAt} and e.created_at < ${scope.toAt}
    and o.exchange_of is null
  union all
  select o.id, o.kind, o.cinema_id, o.channel, o.status, ${localDay(sql`o.goods_refunded_at`)} as day,
    'goodsRefund' as event, true as is_refund, o.goods_refunded_fen as amount_fen,
    o.goods_refunded_fen as goods_part_fen
  from orders o
  where o.goods_refunded_at is not null
    and o.site_id = ${scope.siteId} and ${inCinemas(sql`o.cinema_id`, scope.cinemaIds)}
    and o.goods_refunded_at >= ${scope.fromAt} and o.goods_refunded_at < ${scope.toAt}`;

export async function salesByDayAndCinema(db: Executor, scope: ReportScope) {
  const result = await sql<{
    day: string;
    cinema_id: string;
    ticket_count: string;
    ticket_fen: string;
    goods_units: string;
    goods_fen: string;
    refund_fen: string;
  }>`
    with events as (${moneyEvents(scope)})
    select o.day, o.cinema_id,
      sum(case when o.kind = 'film' and not o.is_refund then ${soldSeatsOf(sql`o.id`)} else 0 end)
        as ticket_count,
      sum(case when not o.is_refund then o.amount_fen - o.goods_part_fen else 0 end) as ticket_fen,
      sum(case when not o.is_refund then (
        select coalesce(sum(l.quantity), 0) from store_order_lines l where l.order_id = o.id
      ) else 0 end) as goods_units,
      sum(case when not o.is_refund then o.goods_part_fen else 0 end) as goods_fen,
      sum(case when o.is_refund then o.amount_fen else 0 end) as refund_fen
    from events o
    group by o.day, o.cinema_id
    order by o.day, o.cinema_id`.execute(db);
  return result.rows.map((row) => ({
    day: row.day,
    cinemaId: row.cinema_id,
    ticketCount: int(row.ticket_count),
    ticketFen: int(row.ticket_fen),
    goodsUnits: int(row.goods_units),
    goodsFen: int(row.goods_fen),
    refundFen: int(row.refund_fen),
  }));
}

export async function salesByFilm(db: Executor, scope: ReportScope) {
  const result = await sql<{
    film_id: string;
    title: string;
    ticket_count: string;
    ticket_fen: string;
    refunded_tickets: string;
    refund_fen: string;
  }>`
    with events as (${moneyEvents(scope)}),
    film_events as (
      select o.*, ${soldSeatsOf(sql`o.id`)} as seats, (
        select sh.film_id from film_order_seats s join shows sh on sh.id = s.show_id
        where s.order_id = o.id limit 1
      ) as film_id
      from events o where o.kind = 'film' and o.event <> 'goodsRefund'
    )
    select f.id as film_id, f.title,
      sum(case when not fe.is_refund then fe.seats else 0 end) as ticket_count,
      sum(case when not fe.is_refund then fe.amount_fen - fe.goods_part_fen else 0 end)
        as ticket_fen,
      sum(case when fe.is_refund then fe.seats else 0 end) as refunded_tickets,
      sum(case when fe.is_refund then fe.amount_fen - fe.goods_part_fen else 0 end) as refund_fen
    from film_events fe join films f on f.id = fe.film_id
    group by f.id, f.title
    order by ticket_fen desc, f.title`.execute(db);
  return result.rows.map((row) => ({
    filmId: row.film_id,
    filmTitle: row.title,
    ticketCount: int(row.ticket_count),
    ticketFen: int(row.ticket_fen),
    refundedTickets: int(row.refunded_tickets),
    refundFen: int(row.refund_fen),
  }));
}

/** Shows of the local dates `fromDate`..`toDate`: seats sold now and seats a show can sell. */
export async function occupancyByShow(
  db: Executor,
  scope: Pick<ReportScope, 'siteId' | 'cinemaIds'>,
  fromDate: string,
  toDate: string,
) {
  const result = await sql<{
    id: string;
    start_at: Date;
    cinema_id: string;
    cinema_name: string;
    hall_name: string;
    title: string;
    sold: string;
    for_sale: string;
  }>`
    select sh.id, sh.start_at, sh.cinema_id, c.name as cinema_name, h.name as hall_name, f.title,
      (select count(*) from film_order_seats s where s.show_id = sh.id and s.state = 'sold') as sold,
      (select count(*) from seats se where se.layout_id = sh.layout_id and se.kind <> 'unavailable')
        as for_sale
    from shows sh
      join cinemas c on c.id = sh.cinema_id
      join halls h on h.id = sh.hall_id
      join films f on f.id = sh.film_id
    where sh.site_id = ${scope.siteId} and ${inCinemas(sql`sh.cinema_id`, scope.cinemaIds)}
      and sh.show_date >= ${fromDate} and sh.show_date <= ${toDate}
    order by sh.start_at, c.name, h.name, sh.id`.execute(db);
  return result.rows.map((row) => ({
    showId: row.id,
    startAt: new Date(row.start_at),
    cinemaId: row.cinema_id,
    cinemaName: row.cinema_name,
    hallName: row.hall_name,
    filmTitle: row.title,
    seatsSold: int(row.sold),
    seatsForSale: int(row.for_sale),
  }));
}

/**
 * Units and money per goods variant, of store orders and of film orders' snacks: sold on the paid
 * day, refunded on the refund's day.
 */
export async function goodsByVariant(db: Executor, scope: ReportScope) {
  const result = await sql<{
    goods_id: string;
    goods_name: string;
    variant_id: string;
    variant_name: string;
    units: string;
    revenue_fen: string;
    refunded_units: string;
    refund_fen: string;
  }>`
    with events as (${moneyEvents(scope)})
    select l.goods_id, max(l.goods_name) as goods_name, l.variant_id,
      max(l.variant_name) as variant_name,
      sum(case when not o.is_refund then l.quantity else 0 end) as units,
      sum(case when not o.is_refund then l.amount_fen else 0 end) as revenue_fen,
      sum(case when o.is_refund then l.quantity else 0 end) as refunded_units,
      sum(case when o.is_refund then l.amount_fen else 0 end) as refund_fen
    from events o join store_order_lines l on l.order_id = o.id
    -- A film order's snacks are refunded once: on their own, or with the order when they were not.
    where not o.is_refund or o.goods_part_fen > 0
    group by l.goods_id, l.variant_id
    order by revenue_fen desc, goods_name, variant_name`.execute(db);
  return result.rows.map((row) => ({
    goodsId: row.goods_id,
    goodsName: row.goods_name,
    variantId: row.variant_id,
    variantName: row.variant_name,
    units: int(row.units),
    revenueFen: int(row.revenue_fen),
    refundedUnits: int(row.refunded_units),
    refundFen: int(row.refund_fen),
  }));
}

/** The site's card liabilities now: balances (the cache) and the ledger they must equal. */
export async function cardTotals(db: Executor, siteId: string) {
  const result = await sql<{ card_count: string; balance_fen: string; ledger_fen: string }>`
    select
      (select count(*) from cards where site_id = ${siteId}) as card_count,
      (select coalesce(sum(balance_fen), 0) from cards where site_id = ${siteId}) as balance_fen,
      (select coalesce(sum(amount_fen), 0) from card_ledger where site_id = ${siteId})
        as ledger_fen`.execute(db);
  const row = result.rows[0]!;
  return {
    cardCount: int(row.card_count),
    balanceFen: int(row.balance_fen),
    ledgerFen: int(row.ledger_fen),
  };
}

export async function cardsByTypes(db: Executor, siteId: string) {
  const [groups, names] = await Promise.all([
    sql<{ types: string[]; card_count: string; balance_fen: string }>`
      select card_types as types, count(*) as card_count, coalesce(sum(balance_fen), 0) as balance_fen
      from cards where site_id = ${siteId}
      group by card_types
      order by balance_fen desc`.execute(db),
    db.selectFrom('card_types').select(['code', 'name']).where('site_id', '=', siteId).execute(),
  ]);
  return {
    groups: groups.rows.map((row) => ({
      types: row.types,
      cardCount: int(row.card_count),
      balanceFen: int(row.balance_fen),
    })),
    typeNames: new Map(names.map((row) => [row.code, row.name])),
  };
}

export async function ledgerMovements(db: Executor, siteId: string, fromAt: Date, toAt: Date) {
  const result = await sql<{ kind: string; count: string; amount_fen: string }>`
    select kind, count(*) as count, coalesce(sum(amount_fen), 0) as amount_fen
    from card_ledger
    where site_id = ${siteId} and created_at >= ${fromAt} and created_at < ${toAt}
    group by kind`.execute(db);
  return result.rows.map((row) => ({
    kind: row.kind,
    count: int(row.count),
    amountFen: int(row.amount_fen),
  }));
}

/** WeChat payments that WeChat took money for, by the local day they were opened. */
const tookMoney = sql`p.status in ('succeeded', 'refund_pending', 'refunded')`;

export async function wechatPaymentsByDay(db: Executor, scope: ReportScope) {
  const result = await sql<{ day: string; count: string; fen: string }>`
    select ${localDay(sql`p.created_at`)} as day, count(*) as count, sum(p.amount_fen) as fen
    from payments p join orders o on o.id = p.order_id
    where p.site_id = ${scope.siteId} and p.method = 'wechat' and ${tookMoney}
      and ${inCinemas(sql`o.cinema_id`, scope.cinemaIds)}
      and p.created_at >= ${scope.fromAt} and p.created_at < ${scope.toAt}
    group by 1`.execute(db);
  return result.rows.map((row) => ({ day: row.day, count: int(row.count), fen: int(row.fen) }));
}

/**
 * WeChat's notices received (by the day the first one came, with the outcome of the settlement),
 * and successes we learnt by asking WeChat (`queried`, by the day we asked).
 */
export async function wechatReportsByDay(db: Executor, scope: ReportScope) {
  const result = await sql<{ day: string; outcome: string; count: string }>`
    select ${localDay(sql`n.notified_at`)} as day, n.outcome, count(*) as count
    from payment_notifications n
      join payments p on p.id = n.payment_id
      join orders o on o.id = p.order_id
    where n.site_id = ${scope.siteId} and ${inCinemas(sql`o.cinema_id`, scope.cinemaIds)}
      and n.notified_at >= ${scope.fromAt} and n.notified_at < ${scope.toAt}
    group by 1, 2
    union all
    select ${localDay(sql`n.received_at`)} as day, 'queried' as outcome, count(*) as count
    from payment_notifications n
      join payments p on p.id = n.payment_id
      join orders o on o.id = p.order_id
    where n.site_id = ${scope.siteId} and ${inCinemas(sql`o.cinema_id`, scope.cinemaIds)}
      and n.source = 'query'
      and n.received_at >= ${scope.fromAt} and n.received_at < ${scope.toAt}
    group by 1`.execute(db);
  return result.rows.map((row) => ({ day: row.day, outcome: row.outcome, count: int(row.count) }));
}

export async function wechatRefundsByDay(db: Executor, scope: ReportScope) {
  const result = await sql<{
    day: string;
    status: string;
    is_automatic: boolean;
    count: string;
    fen: string;
  }>`
    select ${localDay(sql`r.created_at`)} as day, r.status, r.is_automatic,
      count(*) as count, sum(r.amount_fen) as fen
    from payment_refunds r
      join payments p on p.id = r.payment_id
      join orders o on o.id = r.order_id
    where p.site_id = ${scope.siteId} and p.method = 'wechat'
      and ${inCinemas(sql`o.cinema_id`, scope.cinemaIds)}
      and r.created_at >= ${scope.fromAt} and r.created_at < ${scope.toAt}
    group by 1, 2, 3`.execute(db);
  return result.rows.map((row) => ({
    day: row.day,
    status: row.status,
    isAutomatic: row.is_automatic,
    count: int(row.count),
    fen: int(row.fen),
  }));
}

/**
 * What staff should look at: money settled without WeChat's notice (by our status query, which is
 * fine, or by nothing recorded at all), refunds failed or stuck
 * (pending since before `stuckBefore`), and automatic refunds of money that paid nothing.
 */
export async function wechatDiscrepancies(db: Executor, scope: ReportScope, stuckBefore: Date) {
  const result = await sql<{
    kind: string;
    at: Date;
    order_id: string;
    order_no: string;
    payment_id: string;
    out_trade_no: string;
    out_refund_no: string | null;
    amount_fen: number;
    status: string;
    settled_by: 'notify' | 'query' | null;
  }>`
    with scoped as (
      select p.*, o.order_no from payments p join orders o on o.id = p.order_id
      where p.site_id = ${scope.siteId} and p.method = 'wechat'
        and ${inCinemas(sql`o.cinema_id`, scope.cinemaIds)}
    )
    select 'noNotification' as kind, p.created_at as at, p.order_id, p.order_no, p.id as payment_id,
      p.out_trade_no, null as out_refund_no, p.amount_fen, p.status,
      (select n.source from payment_notifications n where n.payment_id = p.id limit 1) as settled_by
    from scoped p
    where ${tookMoney} and p.created_at >= ${scope.fromAt} and p.created_at < ${scope.toAt}
      and not exists (
        select 1 from payment_notifications n
        where n.payment_id = p.id and n.notified_at is not null)
    union all
    select case when r.status = 'pending' then 'refundPending' else 'refundFailed' end, r.created_at,
      p.order_id, p.order_no, p.id, p.out_trade_no, r.out_refund_no, r.amount_fen, r.status,
      null
    from payment_refunds r join scoped p on p.id = r.payment_id
    where r.created_at >= ${scope.fromAt} and r.created_at < ${scope.toAt}
      and (r.status in ('failed', 'abnormal', 'closed')
        or (r.status = 'pending' and r.created_at < ${stuckBefore}))
    union all
    select 'autoRefund', p.created_at, p.order_id, p.order_no, p.id, p.out_trade_no,
      (select r.out_refund_no from payment_refunds r where r.payment_id = p.id), p.amount_fen,
      p.status, null
    from scoped p
    where p.is_auto_refunded and p.created_at >= ${scope.fromAt} and p.created_at < ${scope.toAt}
    order by at, kind, payment_id`.execute(db);
  return result.rows.map((row) => ({
    kind: row.kind,
    at: new Date(row.at),
    orderId: row.order_id,
    orderNo: row.order_no,
    paymentId: row.payment_id,
    outTradeNo: row.out_trade_no,
    outRefundNo: row.out_refund_no,
    amountFen: int(row.amount_fen),
    status: row.status,
    settledBy: row.settled_by,
  }));
}
