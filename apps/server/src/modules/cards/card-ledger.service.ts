import {
  planCardDebits,
  planPartCardDebits,
  type OrderCardType,
  type OrderParts,
} from '@marquee/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { lockOrder } from '../order-lock/index.js';
import * as cardsRepository from './cards.repository.js';

export interface ChargeCardsInput {
  siteId: string;
  userId: string;
  /** The order paid for: every ledger row names it; refunds and holds find the rows by it. */
  orderId: string;
  /** The card type the order is paid with: 'film' for tickets, 'goods' for store orders. */
  cardType: OrderCardType;
  /** A film order with snacks (decision 029): what is left to pay of each part; each card pays
   *  only the parts its types cover (`planPartCardDebits`). */
  parts?: OrderParts;
  /** The cards the user chose (spec `cardIdList`). */
  cardIds: readonly string[];
  /** A positive integer of fen. */
  amountFen: number;
  /** 'commit': a final payment. 'hold': the money leaves the balance now, and is committed or
   *  released later (combined payments, where WeChat Pay covers the rest). */
  mode: 'commit' | 'hold';
  clockNow: Date;
}

export interface CardDebit {
  cardId: string;
  cardNo: string;
  amountFen: number;
  balanceAfterFen: number;
}

/**
 * Debit `amountFen` from the chosen cards inside the caller's transaction, one ledger row per card
 * that pays (kind 'payment' for mode 'commit', 'hold' for mode 'hold').
 *
 * Debit order (the same as docs/api.md "Debit order", rule `planCardDebits` in contracts): cards
 * listing the order's own type before 'general' cards, then the lower balance first, then the older
 * card first; each card gives what it has until the amount is covered.
 *
 * The cards are locked (SELECT … FOR UPDATE, in id order) and each debit is
 * `UPDATE … WHERE balance_fen >= x` with a row-count check, so concurrent payments never overdraw.
 *
 * Throws CARD_NOT_USABLE (a card that is not this user's on this site, or whose cardTypeList does
 * not cover the kind), INSUFFICIENT_BALANCE (the chosen cards hold less than the amount), CONFLICT
 * (the order already has an outstanding card charge), VALIDATION_FAILED (amount not a positive
 * integer). The caller's transaction must roll back on any throw.
 */
export async function chargeCards(
  trx: Transaction<Database>,
  input: ChargeCardsInput,
): Promise<CardDebit[]> {
  if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) {
    throw new AppError('VALIDATION_FAILED', { fields: ['amountFen'] });
  }
  const cardIds = [...new Set(input.cardIds)];
  const order = await lockOrder(trx, input.orderId);
  if (!order || order.site_id !== input.siteId || order.user_id !== input.userId) {
    throw new AppError('NOT_FOUND', { what: '订单', whatEn: 'The order' });
  }
  const outstanding = outstandingByCard(await cardsRepository.ledgerOfOrder(trx, input.orderId));
  if ([...outstanding.values()].some((card) => card.chargedFen > 0)) {
    throw new AppError('CONFLICT', { orderId: input.orderId, reason: 'order already charged' });
  }
  const validIds = cardIds.filter(isUuid);
  const rows = validIds.length
    ? await cardsRepository.lockUserCards(trx, input.siteId, input.userId, validIds)
    : [];
  const missing = cardIds.filter((id) => !rows.some((row) => row.id === id));
  if (cardIds.length === 0 || missing.length > 0) {
    throw new AppError('CARD_NOT_USABLE', { cardIds: missing });
  }
  const debitable = rows.map((row) => ({
    id: row.id,
    cardTypeList: row.card_types,
    balanceFen: row.balance_fen,
    createdAt: row.created_at,
  }));
  const plan = input.parts
    ? planPartCardDebits(debitable, input.parts, input.amountFen)
    : planCardDebits(debitable, input.cardType, input.amountFen);
  if (!plan.ok) {
    throw plan.reason === 'CARD_NOT_USABLE'
      ? new AppError('CARD_NOT_USABLE', { cardIds: plan.cardIds })
      : new AppError('INSUFFICIENT_BALANCE', { availableFen: plan.availableFen });
  }
  const debits: CardDebit[] = [];
  for (const planned of plan.debits) {
    const balanceAfterFen = await cardsRepository.moveBalance(
      trx,
      planned.cardId,
      -planned.amountFen,
    );
    if (balanceAfterFen === undefined) throw new AppError('INSUFFICIENT_BALANCE', {});
    await cardsRepository.appendLedger(trx, {
      cardId: planned.cardId,
      siteId: input.siteId,
      userId: input.userId,
      kind: input.mode === 'hold' ? 'hold' : 'payment',
      amountFen: -planned.amountFen,
      balanceAfterFen,
      orderId: input.orderId,
      reason:
        input.mode === 'hold' ? `hold for ${input.cardType} order` : `${input.cardType} order`,
      createdAt: input.clockNow,
    });
    const cardNo = rows.find((row) => row.id === planned.cardId)!.card_no;
    debits.push({ cardId: planned.cardId, cardNo, amountFen: planned.amountFen, balanceAfterFen });
  }
  return debits;
}

/**
 * `clockNow` (deps.clock.now()) dates the ledger rows of the three calls below; without it the
 * database's time is used.
 *
 * Make the order's outstanding card hold final: one 'hold_commit' row (amount 0: the money left
 * the balance when it was held) per held card. Idempotent: with nothing held it does nothing.
 * Returns the committed amounts per card.
 */
export async function commitCardHold(
  trx: Transaction<Database>,
  orderId: string,
  clockNow?: Date,
): Promise<CardDebit[]> {
  return settleHold(trx, orderId, 'commit', 'hold committed', clockNow);
}

/**
 * Give the order's outstanding card hold back to the cards: one 'hold_release' row per held card,
 * crediting what was held. Idempotent: a second call (or one after a commit) does nothing.
 */
export async function releaseCardHold(
  trx: Transaction<Database>,
  orderId: string,
  reason: string,
  clockNow?: Date,
): Promise<CardDebit[]> {
  return settleHold(trx, orderId, 'release', reason, clockNow);
}

/**
 * Credit back everything the order's cards still have charged (payments and committed holds as
 * 'refund' rows; a hold not yet committed is released). Idempotent: once credited, a second
 * call finds nothing outstanding and does nothing. Returns the credits per card.
 */
export async function refundCardCharges(
  trx: Transaction<Database>,
  orderId: string,
  reason: string,
  clockNow?: Date,
): Promise<CardDebit[]> {
  const order = await lockOrder(trx, orderId);
  if (!order) return [];
  await settleHold(trx, orderId, 'release', reason, clockNow);
  const outstanding = outstandingByCard(await cardsRepository.ledgerOfOrder(trx, orderId));
  const credits: CardDebit[] = [];
  for (const [cardId, card] of outstanding) {
    if (card.chargedFen <= 0) continue;
    credits.push(
      await credit(trx, { ...card, cardId, orderId }, 'refund', card.chargedFen, reason, clockNow),
    );
  }
  return credits;
}

/**
 * Give back part of what an order charged to cards (a cheaper ticket exchange, decision 025):
 * `amountFen` credited to the order's cards in ledger order, never more than a card was charged.
 */
export async function refundCardChargesPart(
  trx: Transaction<Database>,
  orderId: string,
  amountFen: number,
  reason: string,
  clockNow?: Date,
): Promise<CardDebit[]> {
  const order = await lockOrder(trx, orderId);
  if (!order || amountFen <= 0) return [];
  const outstanding = outstandingByCard(await cardsRepository.ledgerOfOrder(trx, orderId));
  const credits: CardDebit[] = [];
  let leftFen = amountFen;
  for (const [cardId, card] of outstanding) {
    const fen = Math.min(leftFen, card.chargedFen - card.heldFen);
    if (fen <= 0) continue;
    credits.push(await credit(trx, { ...card, cardId, orderId }, 'refund', fen, reason, clockNow));
    leftFen -= fen;
    if (leftFen === 0) break;
  }
  if (leftFen > 0)
    throw new Error(`order ${orderId} has ${leftFen} fen less on cards than refunded`);
  return credits;
}

/** Cards whose cached balance differs from the sum of their ledger rows: empty when all agree. */
export async function rebuildBalanceCheck(
  db: Kysely<Database> | Transaction<Database>,
): Promise<{ cardId: string; cardNo: string; balanceFen: number; ledgerFen: number }[]> {
  const rows = await cardsRepository.cardsDisagreeingWithLedger(db);
  return rows.map((row) => ({
    cardId: row.card_id,
    cardNo: row.card_no,
    balanceFen: row.balance_fen,
    ledgerFen: Number(row.ledger_fen),
  }));
}

type OrderLedgerRow = Awaited<ReturnType<typeof cardsRepository.ledgerOfOrder>>[number];

interface CardOutstanding {
  siteId: string;
  userId: string;
  /** Fen taken from this card for the order and not given back (held or paid). */
  chargedFen: number;
  /** Of which, held and neither committed nor released. */
  heldFen: number;
}

/** Walk the order's rows in order: what each card still has charged, and still has on hold. */
function outstandingByCard(rows: OrderLedgerRow[]): Map<string, CardOutstanding> {
  const cards = new Map<string, CardOutstanding>();
  for (const row of rows) {
    const card = cards.get(row.card_id) ?? {
      siteId: row.site_id,
      userId: row.user_id,
      chargedFen: 0,
      heldFen: 0,
    };
    card.chargedFen -= row.amount_fen;
    if (row.kind === 'hold') card.heldFen -= row.amount_fen;
    if (row.kind === 'hold_release') card.heldFen = Math.max(0, card.heldFen - row.amount_fen);
    if (row.kind === 'hold_commit') card.heldFen = 0;
    cards.set(row.card_id, card);
  }
  return cards;
}

async function settleHold(
  trx: Transaction<Database>,
  orderId: string,
  action: 'commit' | 'release',
  reason: string,
  clockNow: Date | undefined,
): Promise<CardDebit[]> {
  const order = await lockOrder(trx, orderId);
  if (!order) return [];
  const outstanding = outstandingByCard(await cardsRepository.ledgerOfOrder(trx, orderId));
  const settled: CardDebit[] = [];
  for (const [cardId, card] of outstanding) {
    if (card.heldFen <= 0) continue;
    const target = { ...card, cardId, orderId };
    settled.push(
      action === 'release'
        ? await credit(trx, target, 'hold_release', card.heldFen, reason, clockNow)
        : await markCommitted(trx, target, card.heldFen, reason, clockNow),
    );
  }
  return settled;
}

type Target = CardOutstanding & { cardId: string; orderId: string };

async function credit(
  trx: Transaction<Database>,
  target: Target,
  kind: 'hold_release' | 'refund',
  amountFen: number,
  reason: string,
  clockNow: Date | undefined,
): Promise<CardDebit> {
  const balanceAfterFen = await cardsRepository.moveBalance(trx, target.cardId, amountFen);
  if (balanceAfterFen === undefined) throw new Error(`card ${target.cardId} vanished`);
  await cardsRepository.appendLedger(trx, {
    cardId: target.cardId,
    siteId: target.siteId,
    userId: target.userId,
    kind,
    amountFen,
    balanceAfterFen,
    orderId: target.orderId,
    reason,
    createdAt: clockNow,
  });
  const cardNo = await cardsRepository.findCardNo(trx, target.cardId);
  if (cardNo === undefined) throw new Error(`card ${target.cardId} vanished`);
  return { cardId: target.cardId, cardNo, amountFen, balanceAfterFen };
}

async function markCommitted(
  trx: Transaction<Database>,
  target: Target,
  amountFen: number,
  reason: string,
  clockNow: Date | undefined,
): Promise<CardDebit> {
  const card = await cardsRepository.lockCard(trx, target.cardId);
  if (!card) throw new Error(`card ${target.cardId} vanished`);
  await cardsRepository.appendLedger(trx, {
    cardId: target.cardId,
    siteId: target.siteId,
    userId: target.userId,
    kind: 'hold_commit',
    amountFen: 0,
    balanceAfterFen: card.balance_fen,
    orderId: target.orderId,
    reason,
    createdAt: clockNow,
  });
  return {
    cardId: target.cardId,
    cardNo: card.card_no,
    amountFen,
    balanceAfterFen: card.balance_fen,
  };
}
