import { defineMigration } from '../define-migration.js';

/**
 * Cinemas, halls with seat layouts, films, shows with prices per area, and the seats of film
 * orders. The unique index `film_order_seats_active` is what makes double selling impossible: a
 * seat of a show is in at most one held-or-sold row, whatever the clients do at the same time.
 */
export default defineMigration([
  `create table cinemas (
    id uuid primary key default gen_random_uuid(),
    site_id uuid not null references sites(id),
    name text not null,
    address text not null,
    phone text not null,
    latitude double precision not null check (latitude between -90 and 90),
    longitude double precision not null check (longitude between -180 and 180),
    tags text[] not null default '{}',
    created_at timestamptz not null default now(),
    unique (site_id, name)
  )`,
  `create table halls (
    id uuid primary key default gen_random_uuid(),
    cinema_id uuid not null references cinemas(id),
    name text not null,
    columns int not null check (columns > 0),
    row_count int not null check (row_count > 0),
    unique (cinema_id, name)
  )`,
  `create table price_areas (
    id uuid primary key default gen_random_uuid(),
    hall_id uuid not null references halls(id),
    code text not null,
    name text not null,
    color text not null,
    sort_order int not null default 0,
    unique (hall_id, code)
  )`,
  `create table seats (
    id uuid primary key default gen_random_uuid(),
    hall_id uuid not null references halls(id),
    row_label text not null,
    col int not null,
    x int not null check (x >= 0),
    y int not null check (y >= 0),
    kind text not null check (kind in ('normal', 'couple-left', 'couple-right', 'wheelchair', 'unavailable')),
    area_id uuid references price_areas(id),
    label text not null,
    unique (hall_id, x, y),
    unique (hall_id, label),
    check (kind = 'unavailable' or area_id is not null)
  )`,
  `create table films (
    id uuid primary key default gen_random_uuid(),
    site_id uuid not null references sites(id),
    title text not null,
    genres text[] not null default '{}',
    duration_minutes int not null check (duration_minutes > 0),
    release_date text not null check (release_date ~ '^\\d{4}-\\d{2}-\\d{2}$'),
    rating numeric(3, 1) check (rating between 0 and 10),
    synopsis text not null,
    director text not null,
    cast_list jsonb not null default '[]',
    country text not null,
    language text not null,
    poster_colors text[] not null,
    unique (site_id, title)
  )`,
  `create table shows (
    id uuid primary key default gen_random_uuid(),
    site_id uuid not null references sites(id),
    cinema_id uuid not null references cinemas(id),
    hall_id uuid not null references halls(id),
    film_id uuid not null references films(id),
    start_at timestamptz not null,
    end_at timestamptz not null,
    show_date text not null check (show_date ~ '^\\d{4}-\\d{2}-\\d{2}$'),
    language text not null,
    format text not null check (format in ('2D', '3D', 'IMAX')),
    check (end_at > start_at)
  )`,
  `create unique index shows_hall_start on shows (hall_id, start_at)`,
  `create index shows_cinema_date on shows (cinema_id, show_date, start_at)`,
  `create index shows_film_date on shows (film_id, show_date, start_at)`,
  `create table show_prices (
    show_id uuid not null references shows(id),
    area_id uuid not null references price_areas(id),
    price_fen int not null check (price_fen > 0),
    discount_price_fen int not null check (discount_price_fen > 0 and discount_price_fen <= price_fen),
    primary key (show_id, area_id)
  )`,
  `create table film_order_seats (
    id bigint generated always as identity primary key,
    order_id uuid not null references orders(id),
    show_id uuid not null references shows(id),
    seat_id uuid not null references seats(id),
    price_fen int not null check (price_fen > 0),
    discount_price_fen int not null check (discount_price_fen > 0),
    state text not null default 'held' check (state in ('held', 'sold', 'released')),
    hold_expires_at timestamptz not null
  )`,
  `create unique index film_order_seats_active on film_order_seats (show_id, seat_id)
    where state in ('held', 'sold')`,
  `create index film_order_seats_order on film_order_seats (order_id)`,
]);
