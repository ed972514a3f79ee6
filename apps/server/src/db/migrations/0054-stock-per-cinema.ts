import { currentSql } from '../current-sql.js';
import { defineMigration } from '../define-migration.js';

/**
 * Stock per cinema (decision 050, superseding the site-wide counter of decisions 006 and 018).
 * - `goods_stock`: one row per variant and cinema, created when a cinema first gets units or a
 *   setting; no row reads as 0 units, on sale, the variant's price, reorder level 0. `stock` is
 *   what that cinema can still sell (never below 0, a check), `reorder_level` the count at or
 *   below which the console shows it as low, `is_on_sale` stops selling it at that cinema alone,
 *   `price_fen` overrides the variant's price there (null: the variant's).
 * - The site-wide `goods_variants.stock` moves, whole, to the site's first cinema (the oldest),
 *   then goes away: every writer of stock now names a cinema.
 * - `store_order_lines.cinema_id`: whose units a line took (the order's pickup cinema, or the
 *   show's cinema for snacks of a film order); lines of orders without a cinema take the first.
 * - `stock_movements.cinema_id` (old movements: the first cinema); a transfer between cinemas is
 *   two movements sharing `transfer_id`, `transfer_out` (−n) and `transfer_in` (+n).
 * - `release_order_goods` gives units back to each line's cinema.
 */
export default defineMigration([
  `create table goods_stock (
    variant_id uuid not null references goods_variants(id),
    cinema_id uuid not null references cinemas(id),
    stock int not null default 0 check (stock >= 0),
    reorder_level int not null default 0 check (reorder_level between 0 and 100000),
    is_on_sale boolean not null default true,
    price_fen int check (price_fen between 1 and 100000000),
    primary key (variant_id, cinema_id)
  )`,
  `create index goods_stock_cinema on goods_stock (cinema_id)`,
  `insert into goods_stock (variant_id, cinema_id, stock)
    select v.id, first_cinema.id, v.stock
    from goods_variants v
    join goods g on g.id = v.goods_id
    join lateral (
      select c.id from cinemas c where c.site_id = g.site_id order by c.created_at, c.id limit 1
    ) first_cinema on true`,
  `alter table goods_variants drop column stock`,
  `alter table store_order_lines add column cinema_id uuid references cinemas(id)`,
  `update store_order_lines l set cinema_id = coalesce(o.cinema_id, (
      select c.id from cinemas c where c.site_id = o.site_id order by c.created_at, c.id limit 1))
    from orders o where o.id = l.order_id`,
  `alter table store_order_lines alter column cinema_id set not null`,
  `alter table stock_movements add column cinema_id uuid references cinemas(id)`,
  `update stock_movements m set cinema_id = (
      select c.id from cinemas c where c.site_id = m.site_id order by c.created_at, c.id limit 1)`,
  `alter table stock_movements alter column cinema_id set not null`,
  `alter table stock_movements add column transfer_id uuid`,
  `alter table stock_movements drop constraint stock_movements_reason_check`,
  `alter table stock_movements add constraint stock_movements_reason_check
    check (reason in ('received', 'damaged', 'expired', 'lost', 'returned', 'correction',
      'transfer_out', 'transfer_in'))`,
  `alter table stock_movements add constraint stock_movements_transfer_paired
    check ((reason in ('transfer_out', 'transfer_in')) = (transfer_id is not null))`,
  `create index stock_movements_cinema on stock_movements (cinema_id, id desc)`,
  ...currentSql('release_order_goods', '8c22bb28b49c'),
]);
