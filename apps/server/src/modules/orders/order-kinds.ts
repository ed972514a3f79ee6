import type {
  NameLang,
  OrderDetail,
  OrderExchange,
  OrderKind,
  OrderStatus,
  OrderSummary,
  PendingExchange,
} from '@marquee/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { SignedInStaff, SiteRow } from '../../app-deps.js';
import type { Executor, OrdersTable } from '../../db/schema.js';

export type OrderRow = Selectable<OrdersTable>;

/** What order pages show of an order's own kind: the list's line, and the detail's part. */
export type KindSummary = Pick<OrderSummary, 'title' | 'subtitle' | 'posterUrl' | 'startAt'> &
  Pick<Partial<OrderSummary>, 'goodsNote'>;
export type KindDetail = Pick<OrderDetail, 'film' | 'store'> & {
  /** When what was bought takes place (a film's show), for the refund window; null: no limit. */
  startAt: string | null;
  /** The show moved after the sale (decision 056): refundable until it starts, past the cutoff. */
  isRefundCutoffWaived?: boolean;
  /** The order's exchanges (改签, film orders only; decision 025); undefined: kind has none. */
  exchanges?: OrderExchange[];
  /** A dearer exchange waiting for its difference (decision 031); null: none. */
  pendingExchange?: PendingExchange | null;
};

/**
 * The steps an order's transitions trigger for one kind of order, registered by the module that
 * owns that kind (film-order, store), as Vendure runs side effects on a state machine's
 * transitions. The orders module moves the order; these move what the order holds.
 */
export interface OrderKindSteps {
  /** What a paid order becomes once its goods are sold and its code issued. */
  fulfilledStatus: 'ticketed' | 'ready';
  /** Inside the paying transaction, after pending_payment → paid: sell what the order held.
   *  Throws HOLD_EXPIRED (rolling the payment back) when it was given up meanwhile. */
  sell(trx: Executor, orderId: string): Promise<void>;
  /** Cancel, expiry or refund: give back what these orders held or sold, exactly once. */
  release(trx: Executor, orderIds: readonly string[]): Promise<void>;
  /**
   * The list's lines of several orders, in a fixed number of queries (not one per order). Names
   * a chain sets up are in `lang` where it has them in English (decision 027; default Chinese).
   */
  summaries(
    db: Executor,
    orders: readonly OrderRow[],
    lang?: NameLang,
  ): Promise<Map<string, KindSummary>>;
  /** The detail's part of one order; throws when its rows are inconsistent. */
  detail(db: Executor, order: OrderRow, lang?: NameLang): Promise<KindDetail>;
}

/** Money on an order as its pages show it: what the payment module records. */
export interface OrderMoneyReader {
  read(db: Executor, orderId: string): Promise<Pick<OrderDetail, 'payments' | 'refunds'>>;
}

/**
 * The payment module's refund use case as staff run it (past the buyer's cutoff, with a reason and
 * an audit row): orders cannot import payment, which imports orders. It closes over its app's
 * deps, so each app hands its own to registerOrderConsoleRoutes (never through configureOrders).
 */
export type StaffRefund = (
  site: SiteRow,
  request: { orderId: string; staff: SignedInStaff; reason: string },
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>,
) => Promise<void>;

/**
 * Inside the paying transaction of an exchange order (decision 031), instead of fulfilling it: the
 * order is paid and its seats move to the ticketed order it exchanges. Throws (rolling the payment
 * back) when that can no longer happen. Answers the exchange order's new status.
 */
export type ExchangeCompletion = (
  trx: Executor,
  exchangeOrder: OrderRow,
  now: Date,
  reason: string,
) => Promise<OrderStatus>;

/**
 * The steps of the modules that depend on orders: functions of the code, holding no state of any
 * app (no deps, no database), so every app of the process configures the same ones. What belongs
 * to one app (the staff refund) is passed to that app's routes instead.
 */
interface OrderParts {
  kinds: Record<OrderKind, OrderKindSteps>;
  money: OrderMoneyReader;
  completeExchange?: ExchangeCompletion;
}

let parts: OrderParts | undefined;

/**
 * Called by buildApp with each kind's steps and the payment module's money reader, so that the
 * orders module depends on none of the modules that depend on it. A second app of the process
 * must name the same steps (they are the code's, not an app's).
 */
export function configureOrders(configured: OrderParts): void {
  if (parts && !sameParts(parts, configured)) {
    throw new Error('configureOrders: another app of this process configured other order steps');
  }
  parts = configured;
}

function sameParts(a: OrderParts, b: OrderParts): boolean {
  return (
    a.money === b.money &&
    a.completeExchange === b.completeExchange &&
    Object.keys({ ...a.kinds, ...b.kinds }).every(
      (kind) => a.kinds[kind as OrderKind] === b.kinds[kind as OrderKind],
    )
  );
}

function configured(): OrderParts {
  if (!parts) throw new Error('orders used before configureOrders() (buildApp does it)');
  return parts;
}

export function stepsOf(kind: OrderKind): OrderKindSteps {
  return configured().kinds[kind];
}

export function moneyReader(): OrderMoneyReader {
  return configured().money;
}

export function exchangeCompletion(): ExchangeCompletion {
  const complete = configured().completeExchange;
  if (!complete) throw new Error('exchange orders need configureOrders({ completeExchange })');
  return complete;
}
