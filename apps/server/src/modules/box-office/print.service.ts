import { fenToYuan, orderQrContent, type NameLang } from '@marquee/contracts';
import type { PrintJob } from '@marquee/contracts/console';
import type { AppDeps, SignedInStaff, SiteRow } from '../../app-deps.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../staff/index.js';
import { findCounterSale, readSale } from './counter-sale.service.js';
import * as shiftsRepository from './shifts.repository.js';
import type { CinemaGuard } from './shifts.service.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * What the console prints on an 80 mm thermal printer for a paid counter sale: a ticket per seat
 * (the order's ticket code and its QR, as the door scans it) and a receipt. Every print is
 * counted; from the second on it is a reprint (重打), written to the audit log. A snacks-only sale
 * (a store order) prints its receipt alone, with the snacks' pickup code.
 */
export async function printSale(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  orderId: string,
  guard: CinemaGuard,
  lang: NameLang,
): Promise<PrintJob> {
  const order = await findCounterSale(deps.db, site, orderId, guard);
  if (!['ticketed', 'ready', 'used', 'refunded'].includes(order.status) || !order.pickup_code) {
    throw new AppError('ORDER_STATE_INVALID', { status: order.status, to: 'ticketed' });
  }
  const now = deps.clock.now();
  const printCount = await deps.db.transaction().execute(async (trx) => {
    const count = await shiftsRepository.countPrint(trx, order.id, now);
    if (count > 1) {
      await recordAudit(trx, site, staff, now, {
        action: 'counter.reprint',
        entity: 'order',
        entityId: order.id,
        after: { printCount: count },
      });
    }
    return count;
  });
  const sale = await readSale(deps.db, site, order.id, lang);
  const cinema = await deps.db
    .selectFrom('cinemas')
    .select(['name', 'address'])
    .where('id', '=', order.cinema_id!)
    .executeTakeFirstOrThrow();
  const cash = await shiftsRepository.findSaleMovement(deps.db, order.id);
  const refunded = await deps.db
    .selectFrom('payment_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('fen'))
    .where('order_id', '=', order.id)
    .where('status', 'in', ['succeeded', 'pending'])
    .executeTakeFirstOrThrow();
  const ticketQr = orderQrContent('film', site.code, order.order_no, order.pickup_code);
  return {
    orderId: order.id,
    isReprint: printCount > 1,
    printCount,
    printedAt: now.toISOString(),
    tickets: sale.show
      ? sale.seats.map((seat) => ({
          cinemaName: cinema.name,
          filmTitle: sale.show!.filmTitle,
          hallName: sale.show!.hallName,
          startAt: sale.show!.startAt,
          language: sale.show!.language,
          format: sale.show!.format,
          seatLabel: seat.label,
          price: seat.price,
          orderNo: order.order_no,
          ticketCode: order.pickup_code!,
          qrText: ticketQr,
        }))
      : [],
    receipt: {
      cinemaName: cinema.name,
      cinemaAddress: cinema.address,
      orderNo: order.order_no,
      soldAt: sale.paidAt ?? order.created_at.toISOString(),
      cashierName: sale.soldBy ?? '',
      lines: [
        ...sale.seats.map((seat) => ({
          text: `${sale.show?.filmTitle ?? ''} ${seat.label}`.trim(),
          quantity: 1,
          price: seat.price,
          amount: seat.price,
        })),
        ...sale.goods.map((line) => ({
          text: `${line.goodsName} ${line.goodsInfoName}`.trim(),
          quantity: line.quantity,
          price: line.price,
          amount: line.amount,
        })),
      ],
      amount: sale.amount,
      payments: sale.payments,
      tendered: cash?.tendered_fen == null ? null : fenToYuan(cash.tendered_fen),
      change: cash?.change_fen == null ? null : fenToYuan(cash.change_fen),
      goodsCode: sale.goodsCode,
      goodsQrText: sale.goodsCode
        ? orderQrContent('store', site.code, order.order_no, sale.goodsCode)
        : null,
      refunded: fenToYuan(Number(refunded.fen)),
    },
  };
}
