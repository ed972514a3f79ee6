import { defineMigration } from '../define-migration.js';

/**
 * Where an order was sold: `online` (the moviegoers' app) or `counter` (the box office), and for
 * a counter sale the cashier who sold it. Orders of earlier releases are all online. Reports split
 * sales by channel; a counter order always names its cashier.
 */
export default defineMigration([
  `alter table orders add column channel text not null default 'online'
    check (channel in ('online', 'counter'))`,
  `alter table orders add column sold_by_staff_id uuid references staff(id)`,
  `alter table orders add constraint orders_counter_has_cashier
    check (channel = 'online' or sold_by_staff_id is not null)`,
  `create index orders_site_channel_paid on orders (site_id, channel, paid_at)
    where paid_at is not null`,
]);
