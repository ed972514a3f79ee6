import type { z } from 'zod';
import {
  fenToYuan,
  type CallAnswer,
  type getCardListCall,
  type getUserCareListCall,
} from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { SignedInUser } from '../auth/index.js';
import * as cardsRepository from './cards.repository.js';

type CallQueryOutput<C extends { query: z.ZodTypeAny }> = z.output<C['query']>;

/** The user's cards and the card types they can pay with (spec §3 `allTypeList`, `storeCard`). */
export async function getUserCards(
  deps: Pick<AppDeps, 'db'>,
  user: SignedInUser,
): Promise<CallAnswer<typeof getUserCareListCall>> {
  const cards = await cardsRepository.listByUser(deps.db, user.siteId, user.id);
  const allTypeList = [...new Set(cards.flatMap((card) => card.card_types))];
  return {
    allTypeList,
    storeCard: cards.map((card) => ({
      id: card.id,
      cardNo: card.card_no,
      name: card.name,
      cardTypeList: card.card_types,
      balance: fenToYuan(card.balance_fen),
    })),
  };
}

/** Spec §7 `useCardRecord/getCardList`: the user's card transactions, newest first, paged. */
export async function getCardRecords(
  deps: Pick<AppDeps, 'db'>,
  user: SignedInUser,
  query: CallQueryOutput<typeof getCardListCall>,
): Promise<CallAnswer<typeof getCardListCall>> {
  const [rows, count] = await cardsRepository.pageUserLedger(
    deps.db,
    { siteId: user.siteId, userId: user.id, cardId: query.cardId },
    { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize },
  );
  const total = Number(count.total);
  return {
    list: rows.map((row) => ({
      id: String(row.id),
      cardId: row.card_id,
      cardNo: row.card_no,
      cardName: row.card_name,
      // A committed hold reads as what it became: a payment for the order.
      kind: row.kind === 'hold' && row.is_committed ? 'payment' : row.kind,
      amount: fenToYuan(row.amount_fen),
      balanceAfter: fenToYuan(row.balance_after_fen),
      orderId: row.order_id,
      orderNo: row.order_no,
      reason: row.reason,
      createdAt: row.created_at.toISOString(),
    })),
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    total,
    hasMore: query.pageNum * query.pageSize < total,
  };
}
