import { defineMigration } from '../define-migration.js';

/**
 * The box office (decision 043): selling at a cinema's counter, the cashier's shift and the day's
 * close.
 * - `counter_users`: each staff member who sells at the counter has a users row of their own, the
 *   walk-up customer of their sales (`orders.user_id` of a counter order), made on first use. A
 *   counter hold goes through `hold_film_seats` like any hold, so a cashier's second hold of a show
 *   replaces their first, as a moviegoer's does.
 * - payments may be `cash` (paid at once, at the counter); paying attempts may be the counter's;
 *   a counter payment and a counter refund name the shift they were taken in.
 * - `shifts`: a cashier's shift at one cinema, opened with a float and closed with the counted
 *   cash; at most one open shift per staff member (a unique index).
 * - `shift_cash_movements`: the drawer's ledger, append-only: the float, each cash sale (with the
 *   amount tendered and the change), each cash refund (negative). Expected cash is its sum.
 * - `day_closes`: a cinema's business day closed by a manager, its totals frozen as they were.
 * - `order_prints`: how often a sale's tickets and receipt were printed (the second is a reprint).
 */
export default defineMigration([
  `create table counter_users (
    staff_id uuid primary key references staff(id),
    user_id uuid not null unique references users(id)
  )`,
  `alter table payments drop constraint payments_method_check`,
  `alter table payments add constraint payments_method_check
    check (method in ('card', 'wechat', 'cash'))`,
  `alter table payment_attempts drop constraint payment_attempts_call_check`,
  `alter table payment_attempts add constraint payment_attempts_call_check
    check (call in ('card', 'wechat', 'counter'))`,
  `create table shifts (
    id uuid primary key default gen_random_uuid(),
    site_id uuid not null references sites(id),
    cinema_id uuid not null references cinemas(id),
    staff_id uuid not null references staff(id),
    business_date text not null check (business_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    status text not null default 'open' check (status in ('open', 'closed')),
    opened_at timestamptz not null,
    closed_at timestamptz,
    float_fen int not null check (float_fen >= 0),
    expected_fen int,
    counted_fen int check (counted_fen >= 0),
    note text,
    check ((status = 'open') = (closed_at is null)),
    check (status = 'open' or (expected_fen is not null and counted_fen is not null))
  )`,
  `create unique index shifts_one_open_per_staff on shifts (staff_id) where status = 'open'`,
  `create index shifts_cinema_day on shifts (cinema_id, business_date)`,
  // The shift a counter payment or refund was taken in: shift reports by payment method.
  `alter table payments add column shift_id uuid references shifts(id)`,
  `alter table payment_refunds add column shift_id uuid references shifts(id)`,
  `create index payments_shift on payments (shift_id) where shift_id is not null`,
  `create index payment_refunds_shift on payment_refunds (shift_id) where shift_id is not null`,
  `create table shift_cash_movements (
    id bigint generated always as identity primary key,
    shift_id uuid not null references shifts(id),
    kind text not null check (kind in ('float', 'sale', 'refund')),
    amount_fen int not null,
    order_id uuid references orders(id),
    payment_id uuid references payments(id),
    tendered_fen int,
    change_fen int,
    at timestamptz not null,
    check ((kind = 'float') = (order_id is null)),
    check (kind <> 'sale' or (amount_fen > 0 and tendered_fen >= amount_fen
      and change_fen = tendered_fen - amount_fen)),
    check (kind <> 'refund' or amount_fen < 0),
    check (kind <> 'float' or amount_fen >= 0)
  )`,
  `create unique index shift_cash_movements_once on shift_cash_movements (payment_id, kind)
    where payment_id is not null`,
  `create index shift_cash_movements_shift on shift_cash_movements (shift_id, id)`,
  `create index shift_cash_movements_order on shift_cash_movements (order_id)`,
  // Appending only: a drawer's history is never rewritten.
  `create function refuse_cash_movement_change() returns trigger language plpgsql as $$
  begin
    raise exception 'shift_cash_movements are append-only' using errcode = 'check_violation';
  end $$`,
  `create trigger shift_cash_movements_append_only before update or delete on shift_cash_movements
    for each row execute function refuse_cash_movement_change()`,
  `create table day_closes (
    cinema_id uuid not null references cinemas(id),
    business_date text not null check (business_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    site_id uuid not null references sites(id),
    closed_at timestamptz not null,
    closed_by_staff_id uuid not null references staff(id),
    closed_by_name text not null,
    totals jsonb not null,
    note text,
    primary key (cinema_id, business_date)
  )`,
  // A closed day takes no new shift.
  `create function refuse_shift_of_closed_day() returns trigger language plpgsql as $$
  begin
    if exists (select 1 from day_closes
               where cinema_id = new.cinema_id and business_date = new.business_date) then
      raise exception 'business day % of cinema % is closed', new.business_date, new.cinema_id
        using errcode = 'MQ423';
    end if;
    return new;
  end $$`,
  `create trigger shifts_not_on_closed_day before insert on shifts
    for each row execute function refuse_shift_of_closed_day()`,
  `create table order_prints (
    order_id uuid primary key references orders(id),
    print_count int not null check (print_count > 0),
    first_printed_at timestamptz not null,
    last_printed_at timestamptz not null
  )`,
]);
