import { sql } from 'kysely';
import type { Executor } from '../../db/schema.js';

/** SQL of the counter's reads: today's shows with seats left, goods, members' cards. No rules. */

export async function listShowsOfCinema(
  db: Executor,
  input: { siteId: string; cinemaId: string; from: Date; to: Date; now: Date },
) {
  const { rows } = await sql<{
    id: string;
    seats_total: number;
    seats_taken: number;
    from_price_fen: number | null;
  }>`
    select s.id,
      (select count(*)::int from seats st
        where st.layout_id = s.layout_id and st.area_id is not null
          and st.kind <> 'unavailable'
          and not exists (select 1 from show_seat_blocks b
                          where b.show_id = s.id and b.seat_id = st.id and b.unblocked_at is null)
      ) as seats_total,
      (select count(*)::int from film_order_seats f
        where f.show_id = s.id
          and (f.state = 'sold' or (f.state = 'held' and f.hold_expires_at > ${input.now}))
      ) as seats_taken,
      (select min(p.discount_price_fen)::int from show_prices p where p.show_id = s.id)
        as from_price_fen
    from shows s
    where s.site_id = ${input.siteId} and s.cinema_id = ${input.cinemaId}
      and s.cancelled_at is null
      and s.start_at >= ${input.from} and s.start_at < ${input.to}
    order by s.start_at`.execute(db);
  return rows;
}

/** Goods on sale at the till's cinema, at its price, with its units (decision 050). */
export function listGoodsOnSale(db: Executor, siteId: string, cinemaId: string) {
  return db
    .selectFrom('goods')
    .innerJoin('goods_categories', 'goods_categories.id', 'goods.category_id')
    .innerJoin('goods_variants', 'goods_variants.goods_id', 'goods.id')
    .leftJoin('goods_stock', (join) =>
      join
        .onRef('goods_stock.variant_id', '=', 'goods_variants.id')
        .on('goods_stock.cinema_id', '=', cinemaId),
    )
    .select((eb) => [
      'goods.id as goods_id',
      'goods.name as goods_name',
      'goods_categories.name as category_name',
      'goods_categories.sort_order as category_order',
      'goods_variants.id as variant_id',
      'goods_variants.specs',
      eb.fn
        .coalesce('goods_stock.price_fen', 'goods_variants.price_fen')
        .$castTo<number>()
        .as('price_fen'),
      eb.fn.coalesce('goods_stock.stock', eb.lit(0)).$castTo<number>().as('stock'),
      'goods_variants.sort_order',
    ])
    .where('goods.site_id', '=', siteId)
    .where('goods.is_on_sale', '=', true)
    .where((eb) => eb.fn.coalesce('goods_stock.is_on_sale', eb.lit(true)), '=', true)
    .orderBy('goods_categories.sort_order')
    .orderBy('goods.created_at')
    .orderBy('goods_variants.sort_order')
    .execute();
}

/** A member's cards by card number, or by the phone bound to the member. */
export function findCards(db: Executor, siteId: string, q: { cardNo?: string; phone?: string }) {
  let query = db
    .selectFrom('cards')
    .innerJoin('users', 'users.id', 'cards.user_id')
    .select([
      'cards.id',
      'cards.card_no',
      'cards.name',
      'cards.card_types',
      'cards.balance_fen',
      'cards.user_id',
      'users.phone',
      'users.nickname',
      'users.pay_password_hash',
    ])
    .where('cards.site_id', '=', siteId);
  if (q.cardNo !== undefined) query = query.where('cards.card_no', '=', q.cardNo);
  if (q.phone !== undefined) query = query.where('users.phone', '=', q.phone);
  return query.orderBy('cards.created_at').limit(20).execute();
}

export function findCardOwner(db: Executor, siteId: string, cardId: string) {
  return db
    .selectFrom('cards')
    .select(['cards.id', 'cards.user_id'])
    .where('cards.site_id', '=', siteId)
    .where('cards.id', '=', cardId)
    .executeTakeFirst();
}

export function cardTypeNames(db: Executor, siteId: string) {
  return db
    .selectFrom('card_types')
    .select(['code', 'name'])
    .where('site_id', '=', siteId)
    .execute();
}

export function listPaymentsOf(db: Executor, orderId: string) {
  return db
    .selectFrom('payments')
    .select(['id', 'method', 'amount_fen', 'status'])
    .where('order_id', '=', orderId)
    .where('status', 'in', ['succeeded', 'refund_pending', 'refunded'])
    .orderBy('created_at')
    .execute();
}

export function findStaffName(db: Executor, staffId: string) {
  return db.selectFrom('staff').select('display_name').where('id', '=', staffId).executeTakeFirst();
}
