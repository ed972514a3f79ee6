import { defineMigration } from '../define-migration.js';

/**
 * The order core shared by film and store orders: one row per order, its status moved only along
 * order_status_transitions (a trigger refuses anything else), and an append-only event trail.
 */
export default defineMigration([
  `create table order_status_transitions (
    from_status text not null,
    to_status text not null,
    primary key (from_status, to_status)
  )`,
  `insert into order_status_transitions (from_status, to_status) values
    ('pending_payment', 'paid'), ('pending_payment', 'cancelled'), ('pending_payment', 'expired'),
    ('paid', 'ticketed'), ('paid', 'ready'), ('paid', 'refunded'),
    ('ticketed', 'used'), ('ticketed', 'refunded'),
    ('ready', 'used'), ('ready', 'refunded')`,
  `create table orders (
    id uuid primary key default gen_random_uuid(),
    site_id uuid not null references sites(id),
    user_id uuid not null references users(id),
    kind text not null check (kind in ('film', 'store')),
    order_no text not null unique,
    status text not null default 'pending_payment' check (status in
      ('pending_payment', 'paid', 'ticketed', 'ready', 'used', 'cancelled', 'expired', 'refunded')),
    cinema_id uuid,
    amount_fen int not null check (amount_fen >= 0),
    phone text,
    pay_deadline_at timestamptz not null,
    paid_at timestamptz,
    pickup_code text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index orders_user_kind on orders (user_id, kind, created_at desc)`,
  `create index orders_pending_deadline on orders (pay_deadline_at) where status = 'pending_payment'`,
  `create unique index orders_pickup_code on orders (site_id, pickup_code) where pickup_code is not null`,
  `create table order_events (
    id bigint generated always as identity primary key,
    order_id uuid not null references orders(id),
    from_status text,
    to_status text not null,
    reason text not null,
    created_at timestamptz not null default now()
  )`,
  `create index order_events_order on order_events (order_id, id)`,
  `create function check_order_transition() returns trigger language plpgsql as $$
  begin
    if new.status is distinct from old.status then
      if not exists (select 1 from order_status_transitions
                     where from_status = old.status and to_status = new.status) then
        raise exception 'order % cannot move from % to %', old.id, old.status, new.status
          using errcode = 'check_violation';
      end if;
      new.updated_at := now();
    end if;
    return new;
  end $$`,
  `create trigger orders_status_transition before update on orders
    for each row execute function check_order_transition()`,
]);
