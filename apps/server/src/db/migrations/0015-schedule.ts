import { defineMigration } from '../define-migration.js';

/**
 * The staff's schedule: a show can be taken off sale (`is_on_sale`, existing orders
 * stay) or cancelled (`cancelled_at`, `cancel_reason`: off sale, its tickets refunded). Uploaded
 * posters live in PostgreSQL (one per film, ≤ 2 MB, PNG/JPEG/WebP) and win over the drawn SVG.
 *
 * New seat holds of a show not on sale are refused by a trigger that reads the show row FOR SHARE:
 * a hold racing an off-sale or a cancellation either commits before the show's update (so the
 * cancellation sees and refunds it) or waits for it and is refused. Overlaps of shows in a hall
 * are checked under the hall's row lock (no btree_gist exclusion constraint on PGlite).
 */
export default defineMigration([
  `alter table shows add column is_on_sale boolean not null default true`,
  `alter table shows add column cancelled_at timestamptz`,
  `alter table shows add column cancel_reason text`,
  `alter table shows add constraint shows_cancelled_off_sale
    check (cancelled_at is null or (is_on_sale = false and cancel_reason is not null))`,
  `create index shows_hall_time on shows (hall_id, start_at, end_at)`,
  `create table film_posters (
    film_id uuid primary key references films(id),
    content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp')),
    bytes bytea not null check (octet_length(bytes) between 1 and 2097152),
    sha256 text not null,
    uploaded_at timestamptz not null
  )`,
  `create function film_order_seats_show_on_sale() returns trigger language plpgsql as $$
  begin
    perform 1 from shows where id = new.show_id and is_on_sale for share;
    if not found then
      raise exception 'show % is not on sale', new.show_id using errcode = 'check_violation';
    end if;
    return new;
  end $$`,
  `create trigger film_order_seats_show_on_sale before insert on film_order_seats
    for each row execute function film_order_seats_show_on_sale()`,
]);
