import { defineMigration } from '../define-migration.js';

/**
 * Broken seats of one show (decision 017). `show_seat_blocks` keeps every block with who
 * made and lifted it; a seat is blocked while its row has no `unblocked_at` (one such row at most).
 *
 * - A blocked seat cannot be held or sold: a BEFORE INSERT trigger on film_order_seats skips the
 *   row (returns null), so `hold_film_seats` (0013, not redefined here) reports the seat lost like
 *   one another buyer took, and a reseat's insert counts one row short. The trigger reads the
 *   show row FOR SHARE first: a block takes it FOR UPDATE, so a hold racing a block either commits
 *   first (the block then sees and lists it) or waits and sees the block.
 * - Blocks bump the seat-availability version from the same sequence as film_order_seats and
 *   NOTIFY `seat_changes_<schema>` without seats (listeners read the availability again).
 * - `film_order_seat_moves`: each seat of an order moved by staff, from and to, with the reason the
 *   buyer reads on the order; the two seats must be of one hall and one price area. The row of the
 *   seat left is released with `moved_at` set: it is no longer one of the order's seats (order
 *   pages, seat counts of refunds and reports skip it).
 */
export default defineMigration([
  `create table show_seat_blocks (
    id bigint generated always as identity primary key,
    show_id uuid not null references shows(id),
    seat_id uuid not null references seats(id),
    reason text not null check (char_length(reason) between 2 and 100),
    blocked_by_staff_id uuid references staff(id),
    blocked_by text not null,
    blocked_at timestamptz not null,
    unblocked_by_staff_id uuid references staff(id),
    unblocked_by text,
    unblocked_at timestamptz,
    version bigint not null default nextval('film_order_seat_versions'),
    check ((unblocked_at is null) = (unblocked_by is null))
  )`,
  `create unique index show_seat_blocks_active on show_seat_blocks (show_id, seat_id)
    where unblocked_at is null`,
  `create index show_seat_blocks_show_version on show_seat_blocks (show_id, version)`,
  `create function show_seat_blocks_bump_version() returns trigger language plpgsql as $$
  begin
    if new.unblocked_at is distinct from old.unblocked_at then
      new.version := nextval('film_order_seat_versions');
    end if;
    return new;
  end $$`,
  `create trigger show_seat_blocks_version before update on show_seat_blocks
    for each row execute function show_seat_blocks_bump_version()`,
  `create function notify_seat_block_changes() returns trigger language plpgsql as $$
  declare
    change record;
  begin
    for change in select show_id, max(version) as version from changed group by show_id loop
      perform pg_notify('seat_changes_' || current_schema(),
        json_build_object('showId', change.show_id, 'version', change.version, 'seats', null)::text);
    end loop;
    return null;
  end $$`,
  `create trigger show_seat_blocks_notify_insert after insert on show_seat_blocks
    referencing new table as changed for each statement execute function notify_seat_block_changes()`,
  `create trigger show_seat_blocks_notify_update after update on show_seat_blocks
    referencing new table as changed for each statement execute function notify_seat_block_changes()`,
  `create function film_order_seats_not_blocked() returns trigger language plpgsql as $$
  begin
    perform 1 from shows where id = new.show_id for share;
    if exists (select 1 from show_seat_blocks b
               where b.show_id = new.show_id and b.seat_id = new.seat_id
                 and b.unblocked_at is null) then
      return null;
    end if;
    return new;
  end $$`,
  `create trigger film_order_seats_show_seat_blocked before insert on film_order_seats
    for each row execute function film_order_seats_not_blocked()`,
  `alter table film_order_seats add column moved_at timestamptz`,
  `alter table film_order_seats add constraint film_order_seats_moved_released
    check (moved_at is null or state = 'released')`,
  `create table film_order_seat_moves (
    id bigint generated always as identity primary key,
    order_id uuid not null references orders(id),
    show_id uuid not null references shows(id),
    from_seat_id uuid not null references seats(id),
    to_seat_id uuid not null references seats(id),
    reason text not null,
    moved_at timestamptz not null,
    moved_by_staff_id uuid references staff(id),
    check (from_seat_id <> to_seat_id)
  )`,
  `create index film_order_seat_moves_order on film_order_seat_moves (order_id, id)`,
  `create function film_order_seat_moves_same_area() returns trigger language plpgsql as $$
  begin
    if not exists (select 1 from seats f join seats t on t.hall_id = f.hall_id
                   where f.id = new.from_seat_id and t.id = new.to_seat_id
                     and t.area_id is not distinct from f.area_id) then
      raise exception 'seat % is not of the hall and price area of seat %',
        new.to_seat_id, new.from_seat_id using errcode = 'check_violation';
    end if;
    return new;
  end $$`,
  `create trigger film_order_seat_moves_same_area before insert on film_order_seat_moves
    for each row execute function film_order_seat_moves_same_area()`,
]);
