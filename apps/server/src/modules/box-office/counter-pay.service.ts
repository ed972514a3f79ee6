import { fenToYuan, formatYuan, yuanToFen, type NameLang } from '@marquee/contracts';
import type {
  CounterCardPart as CounterCardPartBody,
  CounterPayAnswer,
  counterPayBodySchema,
} from '@marquee/contracts/console';
import type { z } from 'zod';
import type { AppDeps, SignedInStaff, SiteRow } from '../../app-deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import { verifyPayPassword } from '../cards/index.js';
import { handOrderToMember, lockOrder, type OrderRow } from '../orders/index.js';
import {
  claimOrReplay,
  closeGivenUp,
  payCounterOrderIn,
  payProviderFor,
  releaseAttempt,
  requestHash,
  requireIdempotencyKey,
  storeCounterAnswer,
  type CounterCardPart,
  type PaymentDeps,
  type PaymentLog,
} from '../payment/index.js';
import { recordAudit } from '../staff/index.js';
import * as saleRepository from './counter-sale.repository.js';
import { counterUserOf, findCounterSale, readSale } from './counter-sale.service.js';
import { requireOpenShiftIn, type CinemaGuard } from './shifts.service.js';
import * as shiftsRepository from './shifts.repository.js';

type Body = z.output<typeof counterPayBodySchema>;
export type Deps = PaymentDeps & Pick<AppDeps, 'payPasswordPepper'>;
type Context = { idempotencyKey: string | undefined; log: PaymentLog; lang: NameLang };

/**
 * POST /api/console/box-office/sale/pay, cash or a member's card (WeChat at the counter is in
 * counter-wechat.service.ts). Named steps, top-down:
 *   1. the idempotency key; the sale is a counter sale of a cinema the caller covers
 *   2. cash: the amount tendered covers the total (a split: what the member's card leaves); card
 *      or a card part: the member types the pay password on the till's keypad, checked as online
 *      (wrong tries count, lockout) before anything is claimed
 *   3. claim the key for the caller's counter customer (a replay answers the stored answer)
 *   4. one transaction: lock the order; the caller's open shift at its cinema (share-locked, so its
 *      close waits); a card: the order becomes the member's; the payments, the card ledger and the
 *      ticket through the payment module; cash: the drawer's ledger gets the cash part with tendered
 *      and change; the audit row; the answer stored with the key
 *   5. after commit: close an earlier Native QR's WeChat transaction, if one was shown
 */
export async function payAtCounter(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: Body,
  context: Context,
  guard: CinemaGuard,
): Promise<CounterPayAnswer> {
  if (body.method !== 'cash' && body.method !== 'card') {
    throw new AppError('VALIDATION_FAILED', { fields: ['body.method'] });
  }
  const key = requireIdempotencyKey(context.idempotencyKey);
  const sale = await findCounterSale(deps.db, site, body.orderId, guard);
  const cardPart = body.method === 'cash' ? splitCardPart(body.cardPart, sale) : undefined;
  const methodFen = sale.amount_fen - (cardPart?.amountFen ?? 0);
  const tenderedFen = body.method === 'cash' ? yuanToFen(body.tendered) : null;
  if (tenderedFen !== null && tenderedFen < methodFen) {
    throw new AppError('CASH_TENDERED_SHORT', {
      tendered: formatYuan(tenderedFen),
      amount: formatYuan(methodFen),
    });
  }
  const cardId = body.method === 'card' ? body.cardId : cardPart?.cardId;
  const password = body.method === 'card' ? body.password : body.cardPart?.password;
  const memberUserId = cardId ? await verifyMember(deps, site, cardId, password!) : null;
  const attemptOwner = { id: await counterUserOf(deps, site, staff), siteId: site.id };
  const hash = requestHash({
    method: body.method,
    orderId: body.orderId,
    tendered: tenderedFen,
    cardId: cardId ?? null,
    cardPartFen: cardPart?.amountFen ?? null,
  });
  const claim = await claimOrReplay<CounterPayAnswer>(deps, attemptOwner, {
    key,
    call: 'counter',
    orderId: sale.id,
    hash,
  });
  if (claim.replay) return claim.replay;
  const attemptId = claim.attemptId;

  let paid: { answer: CounterPayAnswer; toClose: string[] };
  try {
    const now = deps.clock.now();
    paid = await deps.db.transaction().execute(async (trx) => {
      let order = await lockCounterOrder(trx, sale.id);
      const shift = await requireOpenShiftIn(trx, staff, order.cinema_id!);
      if (memberUserId) order = await handOrderToMember(trx, order, memberUserId, now);
      const result = await payCounterOrderIn(trx, {
        order,
        method: body.method as 'cash' | 'card',
        shiftId: shift.id,
        attemptId,
        idempotencyKey: key,
        cardIds: body.method === 'card' ? [body.cardId] : undefined,
        cardPart,
        now,
      });
      if (tenderedFen !== null) {
        await shiftsRepository.insertMovement(trx, {
          shiftId: shift.id,
          kind: 'sale',
          amountFen: result.amountFen,
          orderId: order.id,
          paymentId: result.paymentId,
          tenderedFen,
          changeFen: tenderedFen - result.amountFen,
          at: now,
        });
      }
      await recordAudit(trx, site, staff, now, {
        action: 'counter.sale',
        entity: 'order',
        entityId: order.id,
        before: { status: order.status },
        after: {
          status: result.orderStatus,
          method: body.method,
          amountFen: order.amount_fen,
          shiftId: shift.id,
          ...(cardId ? { cardId } : {}),
          ...(cardPart ? { cardPartFen: cardPart.amountFen } : {}),
        },
      });
      const answer: CounterPayAnswer = {
        status: 'paid',
        sale: await readSale(trx, site, order.id, context.lang),
        tendered: tenderedFen === null ? null : fenToYuan(tenderedFen),
        change: tenderedFen === null ? null : fenToYuan(tenderedFen - result.amountFen),
        codeUrl: null,
        failure: null,
      };
      await storeCounterAnswer(trx, attemptId, answer);
      return { answer, toClose: result.toClose };
    });
  } catch (error) {
    await releaseAttempt(deps, attemptId);
    throw error;
  }
  await closeGivenUp(deps, () => payProviderFor(deps, site), site, paid.toClose, context.log);
  return paid.answer;
}

/**
 * The card's part of a split tender in fen: more than 0 and less than the sale's total, else
 * COUNTER_SPLIT_INVALID (checked again under the order's lock).
 */
export function splitCardPart(
  part: CounterCardPartBody | undefined,
  sale: Pick<OrderRow, 'amount_fen'>,
): CounterCardPart | undefined {
  if (!part) return undefined;
  const amountFen = yuanToFen(part.amount);
  if (amountFen <= 0 || amountFen >= sale.amount_fen) {
    throw new AppError('COUNTER_SPLIT_INVALID', {
      cardAmount: formatYuan(amountFen),
      amount: formatYuan(sale.amount_fen),
    });
  }
  return { cardId: part.cardId, amountFen };
}

/**
 * The member of a card of this site, once their pay password (typed on the till's keypad) is
 * checked as online (wrong tries count, lockout): before anything is claimed.
 */
export async function verifyMember(
  deps: Deps,
  site: SiteRow,
  cardId: string,
  password: CounterCardPartBody['password'],
): Promise<string> {
  const memberUserId = await memberOfCard(deps, site, cardId);
  await verifyPayPassword(deps, site, { id: memberUserId }, password);
  return memberUserId;
}

/** The locked order, still an unpaid counter sale (else why not, as the online payment says). */
export async function lockCounterOrder(
  trx: Parameters<typeof lockOrder>[0],
  orderId: string,
): Promise<OrderRow> {
  const order = await lockOrder(trx, orderId);
  if (!order || order.channel !== 'counter' || !order.cinema_id) {
    throw notFound('Order', '订单');
  }
  return order;
}

async function memberOfCard(deps: Deps, site: SiteRow, cardId: string): Promise<string> {
  const card = await saleRepository.findCardOwner(deps.db, site.id, cardId);
  if (!card) throw new AppError('CARD_NOT_USABLE', { cardIds: [cardId] });
  return card.user_id;
}
