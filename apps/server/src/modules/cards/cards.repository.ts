import type { CardLedgerKind } from '@marquee/contracts';
import type { Executor } from '../../db/schema.js';

export function listByUser(db: Executor, siteId: string, userId: string) {
  return db
    .selectFrom('cards')
    .select(['id', 'card_no', 'name', 'card_types', 'balance_fen', 'created_at'])
    .where('site_id', '=', siteId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('card_no')
    .execute();
}

/** The chosen cards of a user, locked in id order (one order everywhere: no deadlocks). */
export function lockUserCards(db: Executor, siteId: string, userId: string, cardIds: string[]) {
  return db
    .selectFrom('cards')
    .select(['id', 'card_no', 'card_types', 'balance_fen', 'created_at'])
    .where('site_id', '=', siteId)
    .where('user_id', '=', userId)
    .where('id', 'in', cardIds)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** One card's number and balance, locked until the transaction ends. */
export function lockCard(db: Executor, cardId: string) {
  return db
    .selectFrom('cards')
    .select(['card_no', 'balance_fen'])
    .where('id', '=', cardId)
    .forUpdate()
    .executeTakeFirst();
}

export async function findCardNo(db: Executor, cardId: string) {
  const row = await db
    .selectFrom('cards')
    .select('card_no')
    .where('id', '=', cardId)
    .executeTakeFirst();
  return row?.card_no;
}

/**
 * Move a card's cached balance by `deltaFen` (negative debits) only if it stays >= 0; returns the
 * new balance, or undefined when the card does not have enough. Never read-then-write.
 */
export async function moveBalance(db: Executor, cardId: string, deltaFen: number) {
  let query = db
    .updateTable('cards')
    .set((eb) => ({ balance_fen: eb('balance_fen', '+', deltaFen) }))
    .where('id', '=', cardId);
  if (deltaFen < 0) query = query.where('balance_fen', '>=', -deltaFen);
  const row = await query.returning('balance_fen').executeTakeFirst();
  return row?.balance_fen;
}

export interface LedgerEntry {
  cardId: string;
  siteId: string;
  userId: string;
  kind: CardLedgerKind;
  amountFen: number;
  balanceAfterFen: number;
  orderId?: string | null;
  voucherId?: string | null;
  reason: string;
  /** Without it, the database's time. */
  createdAt?: Date | undefined;
}

export function appendLedger(db: Executor, entry: LedgerEntry) {
  return db
    .insertInto('card_ledger')
    .values({
      card_id: entry.cardId,
      site_id: entry.siteId,
      user_id: entry.userId,
      kind: entry.kind,
      amount_fen: entry.amountFen,
      balance_after_fen: entry.balanceAfterFen,
      order_id: entry.orderId ?? null,
      voucher_id: entry.voucherId ?? null,
      reason: entry.reason,
      ...(entry.createdAt ? { created_at: entry.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function ledgerOfOrder(db: Executor, orderId: string) {
  return db
    .selectFrom('card_ledger')
    .select(['id', 'card_id', 'site_id', 'user_id', 'kind', 'amount_fen'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/** The user's ledger rows that moved money, newest first, with their card and order. */
export function pageUserLedger(
  db: Executor,
  filter: { siteId: string; userId: string; cardId?: string | undefined },
  page: { limit: number; offset: number },
) {
  let query = db
    .selectFrom('card_ledger as l')
    .innerJoin('cards as c', 'c.id', 'l.card_id')
    .leftJoin('orders as o', 'o.id', 'l.order_id')
    .where('l.site_id', '=', filter.siteId)
    .where('l.user_id', '=', filter.userId)
    .where('l.amount_fen', '<>', 0);
  if (filter.cardId) query = query.where('l.card_id', '=', filter.cardId);
  return Promise.all([
    query
      .select([
        'l.id',
        'l.card_id',
        'c.card_no',
        'c.name as card_name',
        'l.kind',
        'l.amount_fen',
        'l.balance_after_fen',
        'l.order_id',
        'o.order_no',
        'l.reason',
        'l.created_at',
        // A hold later made final (a 'hold_commit' of its card and order with no release in
        // between) is money spent: the history shows it as a payment.
        (eb) =>
          eb
            .exists(
              eb
                .selectFrom('card_ledger as k')
                .select('k.id')
                .where('k.kind', '=', 'hold_commit')
                .whereRef('k.card_id', '=', 'l.card_id')
                .whereRef('k.order_id', '=', 'l.order_id')
                .whereRef('k.id', '>', 'l.id')
                .where((inner) =>
                  inner.not(
                    inner.exists(
                      inner
                        .selectFrom('card_ledger as r')
                        .select('r.id')
                        .where('r.kind', '=', 'hold_release')
                        .whereRef('r.card_id', '=', 'l.card_id')
                        .whereRef('r.order_id', '=', 'l.order_id')
                        .whereRef('r.id', '>', 'l.id')
                        .whereRef('r.id', '<', 'k.id'),
                    ),
                  ),
                ),
            )
            .as('is_committed'),
      ])
      .orderBy('l.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
}

/** Cards whose cached balance is not the sum of their ledger rows. */
export function cardsDisagreeingWithLedger(db: Executor) {
  return db
    .selectFrom('cards as c')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('card_ledger')
          .select((inner) => ['card_id', inner.fn.sum<number>('amount_fen').as('ledger_fen')])
          .groupBy('card_id')
          .as('l'),
      (join) => join.onRef('l.card_id', '=', 'c.id'),
    )
    .select((eb) => [
      'c.id as card_id',
      'c.card_no',
      'c.balance_fen',
      eb.fn.coalesce('l.ledger_fen', eb.lit(0)).as('ledger_fen'),
    ])
    .where((eb) => eb('c.balance_fen', '<>', eb.fn.coalesce('l.ledger_fen', eb.lit(0))))
    .execute();
}

/** The cards each of these orders charged (paid or held), by name and number, in charge order. */
export function cardsChargedForOrders(db: Executor, orderIds: readonly string[]) {
  return db
    .selectFrom('card_ledger as l')
    .innerJoin('cards as c', 'c.id', 'l.card_id')
    .select(['l.order_id', 'c.name', 'c.card_no'])
    .where('l.order_id', 'in', [...orderIds])
    .where('l.kind', 'in', ['payment', 'hold'])
    .groupBy(['l.order_id', 'c.id', 'c.name', 'c.card_no'])
    .orderBy((eb) => eb.fn.min('l.id'))
    .execute();
}
