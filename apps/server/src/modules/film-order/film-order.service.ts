import {
  type CallAnswer,
  orderEventReasons,
  type FilmOrder,
  type NameLang,
  type pendingFilmOrderCall,
} from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { SignedInUser } from '../auth/index.js';
import { withdrawUnpaidOrder } from '../orders/index.js';
import type { SiteRow } from '../site/index.js';
import { getFilmOrderView } from './film-order-view.js';
import * as filmOrderRepository from './film-order.repository.js';

/** A film order after its hold (the hold itself: the seat-holds module): read, cancel, pending. */

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export async function getFilmOrder(
  deps: Deps,
  user: SignedInUser,
  orderId: string,
  lang: NameLang = 'zh',
) {
  return readOrder(deps.db, orderId, user, deps.clock.now(), lang);
}

/** Release the seats of an unpaid order. Cancelling a cancelled or expired order answers it as it is. */
export async function cancelFilmOrder(
  deps: Deps,
  user: SignedInUser,
  orderId: string,
  lang: NameLang = 'zh',
): Promise<FilmOrder> {
  const now = deps.clock.now();
  if (!isUuid(orderId)) throw orderNotFound();
  await deps.db.transaction().execute((trx) =>
    withdrawUnpaidOrder(trx, {
      orderId,
      kind: 'film',
      userId: user.id,
      now,
      expiredReason: orderEventReasons.holdExpired,
      notFound: orderNotFound,
    }),
  );
  return readOrder(deps.db, orderId, user, now, lang);
}

/** The user's unpaid order for a show whose hold still runs, if any. */
export async function getPendingFilmOrder(
  deps: Deps,
  site: SiteRow,
  user: SignedInUser,
  showId: string,
  lang: NameLang = 'zh',
): Promise<CallAnswer<typeof pendingFilmOrderCall>> {
  const now = deps.clock.now();
  if (!isUuid(showId)) return { order: null, paidOrderId: null };
  const orders = await filmOrderRepository.listPendingOrdersForShow(deps.db, user.id, showId);
  const running = orders.find(
    (order) => order.site_id === site.id && order.pay_deadline_at.getTime() > now.getTime(),
  );
  if (running) {
    return { order: await readOrder(deps.db, running.id, user, now, lang), paidOrderId: null };
  }
  const paid = await filmOrderRepository.findLatestPaidOrderForShow(
    deps.db,
    site.id,
    user.id,
    showId,
  );
  return { order: null, paidOrderId: paid?.id ?? null };
}

async function readOrder(
  db: Executor,
  orderId: string,
  user: SignedInUser,
  now: Date,
  lang: NameLang,
): Promise<FilmOrder> {
  const view = await getFilmOrderView(db, orderId, now, lang);
  if (!view || view.userId !== user.id) throw orderNotFound();
  const { userId: _userId, siteId: _siteId, ...order } = view;
  return order;
}

function orderNotFound() {
  return notFound('Order', '订单');
}
