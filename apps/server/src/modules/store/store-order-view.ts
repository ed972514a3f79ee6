import {
  fenToYuan,
  goodsImagePath,
  type CinemaInfo,
  type StoreOrderLine,
} from '@marquee/contracts';
import type { Executor } from '../../db/schema.js';
import { findCinemaInfo } from '../cinema/index.js';
import * as storeOrderRepository from './store-order.repository.js';

export interface StoreOrderView {
  cinemaInfo: CinemaInfo;
  items: StoreOrderLine[];
  /** For the order list: the first item (and how many more units), the pickup cinema, a picture. */
  title: string;
  subtitle: string;
  imageUrl: string | null;
}

type LineRow = Awaited<ReturnType<typeof storeOrderRepository.listLines>>[number];

/** The view of an order's lines (prices as they were when it was ordered); null without lines. */
export function viewOfLines(
  cinemaInfo: CinemaInfo,
  lines: readonly LineRow[],
): StoreOrderView | null {
  const first = lines[0];
  if (!first) return null;
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  return {
    cinemaInfo,
    items: lines.map((line) => ({
      goodsId: line.goods_id,
      goodsInfoId: line.variant_id,
      goodsName: line.goods_name,
      goodsInfoName: line.variant_name,
      imageUrl: goodsImagePath(line.goods_id),
      quantity: line.quantity,
      price: fenToYuan(line.unit_price_fen),
      amount: fenToYuan(line.amount_fen),
    })),
    title: lines.length > 1 ? `${first.goods_name} 等 ${units} 件` : first.goods_name,
    subtitle: `${cinemaInfo.name} · 卖品柜台自取`,
    imageUrl: goodsImagePath(first.goods_id),
  };
}

/**
 * A store order's pickup cinema and lines as order pages show them; null when the order has no
 * lines or its cinema is gone.
 */
export async function getStoreOrderView(
  db: Executor,
  order: { id: string; site_id: string; cinema_id: string | null },
): Promise<StoreOrderView | null> {
  if (!order.cinema_id) return null;
  const [cinemaInfo, lines] = await Promise.all([
    findCinemaInfo(db, order.site_id, order.cinema_id),
    storeOrderRepository.listLines(db, order.id),
  ]);
  return cinemaInfo ? viewOfLines(cinemaInfo, lines) : null;
}
