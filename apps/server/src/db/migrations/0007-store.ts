import { defineMigration } from '../define-migration.js';

/**
 * The goods store: categories and goods of a site, their variants (size, flavour, combo) with
 * price and stock, and the lines of store orders (the order itself is an `orders` row of kind
 * 'store').
 *
 * `goods_variants.stock` is what can still be ordered: an order takes its units with
 * `update … set stock = stock - q where stock >= q` (a row count of 0 is OUT_OF_STOCK) and the
 * check `stock >= 0` makes overselling impossible whoever writes. A line is `reserved` while its
 * order is unpaid, `sold` once paid, `released` when its units went back to stock; only a move
 * out of reserved/sold gives units back, so they return exactly once (decision 006).
 */
export default defineMigration([
  `create table goods_categories (
    id uuid primary key default gen_random_uuid(),
    site_id uuid not null references sites(id),
    name text not null,
    sort_order int not null default 0,
    unique (site_id, name)
  )`,
  `create table goods (
    id uuid primary key default gen_random_uuid(),
    site_id uuid not null references sites(id),
    category_id uuid not null references goods_categories(id),
    name text not null,
    description text not null default '',
    image_key text not null,
    image_colors text[] not null,
    tags text[] not null default '{}',
    is_on_sale boolean not null default true,
    created_at timestamptz not null default now(),
    unique (site_id, name)
  )`,
  `create index goods_site_category on goods (site_id, category_id) where is_on_sale`,
  `create table goods_variants (
    id uuid primary key default gen_random_uuid(),
    goods_id uuid not null references goods(id),
    specs jsonb not null default '[]',
    sort_order int not null default 0,
    price_fen int not null check (price_fen > 0),
    original_price_fen int check (original_price_fen >= price_fen),
    stock int not null check (stock >= 0)
  )`,
  `create index goods_variants_goods on goods_variants (goods_id, sort_order)`,
  `create table store_order_lines (
    id bigint generated always as identity primary key,
    order_id uuid not null references orders(id),
    goods_id uuid not null references goods(id),
    variant_id uuid not null references goods_variants(id),
    goods_name text not null,
    variant_name text not null,
    quantity int not null check (quantity > 0),
    unit_price_fen int not null check (unit_price_fen > 0),
    amount_fen int not null check (amount_fen = quantity * unit_price_fen),
    state text not null default 'reserved' check (state in ('reserved', 'sold', 'released')),
    unique (order_id, variant_id)
  )`,
  `create index store_order_lines_reserved on store_order_lines (variant_id)
    where state = 'reserved'`,
]);
