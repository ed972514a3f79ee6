import { defineMigration } from '../define-migration.js';

/**
 * Goods in the staff console (decision 018): uploaded goods pictures (one per goods item,
 * ≤ 2 MB, PNG/JPEG/WebP, like film posters; they win over the drawn SVG) and the append-only
 * stock movements. A variant's `stock` changes only by a movement's `delta`, in the same
 * transaction that appends the movement (`stock = stock + delta where stock + delta >= 0`), so
 * units reserved by open orders are never overwritten; `stock_after` is the counter right after.
 */
export default defineMigration([
  `create table goods_images (
    goods_id uuid primary key references goods(id),
    content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp')),
    bytes bytea not null check (octet_length(bytes) between 1 and 2097152),
    sha256 text not null,
    uploaded_at timestamptz not null
  )`,
  `create table stock_movements (
    id bigint generated always as identity primary key,
    site_id uuid not null references sites(id),
    goods_id uuid not null references goods(id),
    variant_id uuid not null references goods_variants(id),
    delta int not null check (delta <> 0 and delta between -100000 and 100000),
    reason text not null check (reason in ('received', 'damaged', 'expired', 'lost', 'returned', 'correction')),
    note text not null default '' check (length(note) <= 200),
    stock_after int not null check (stock_after >= 0),
    staff_id uuid not null references staff(id),
    created_at timestamptz not null
  )`,
  `create index stock_movements_goods on stock_movements (goods_id, id desc)`,
  `create function refuse_stock_movement_change() returns trigger language plpgsql as $$
  begin
    raise exception 'stock_movements is append-only: % refused', tg_op
      using errcode = 'restrict_violation';
  end $$`,
  `create trigger stock_movements_append_only before update or delete on stock_movements
    for each row execute function refuse_stock_movement_change()`,
  `create trigger stock_movements_no_truncate before truncate on stock_movements
    for each statement execute function refuse_stock_movement_change()`,
]);
