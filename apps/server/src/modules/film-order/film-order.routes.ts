import type { FastifyInstance } from 'fastify';
import {
  cancelFilmOrderCall,
  createFilmOrderCall,
  filmOrderDetailCall,
  pendingFilmOrderCall,
  setFilmOrderGoodsCall,
} from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { bindCall } from '../../plugins/calls.js';
import { setFilmOrderGoods } from './film-order-goods.service.js';
import * as filmOrderService from './film-order.service.js';
import type { SeatHolds } from '../seat-holds/index.js';

export function registerFilmOrderRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  options: { seatHolds: SeatHolds },
): void {
  // A hold needs only the user's id: the session may come from memory (session-cache.ts).
  bindCall(
    app,
    deps,
    createFilmOrderCall,
    ({ site, user, body, lang }) => options.seatHolds.hold(site, user, body, lang),
    { session: 'identity' },
  );
  bindCall(app, deps, setFilmOrderGoodsCall, ({ site, user, body }) =>
    setFilmOrderGoods(deps, site, user, body),
  );
  bindCall(app, deps, filmOrderDetailCall, ({ user, query, lang }) =>
    filmOrderService.getFilmOrder(deps, user, query.orderId, lang),
  );
  bindCall(app, deps, cancelFilmOrderCall, ({ user, body, lang }) =>
    filmOrderService.cancelFilmOrder(deps, user, body.orderId, lang),
  );
  bindCall(app, deps, pendingFilmOrderCall, ({ site, user, query, lang }) =>
    filmOrderService.getPendingFilmOrder(deps, site, user, query.showId, lang),
  );
}
