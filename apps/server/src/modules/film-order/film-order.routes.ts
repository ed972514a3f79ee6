import type { FastifyInstance } from 'fastify';
import {
  cancelFilmOrderCall,
  createFilmOrderCall,
  filmOrderDetailCall,
  pendingFilmOrderCall,
  showSeatsCall,
} from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { bindCall } from '../../plugins/calls.js';
import * as filmOrderService from './film-order.service.js';
import { getShowSeats } from './seat-map.service.js';

export function registerFilmOrderRoutes(app: FastifyInstance, deps: AppDeps): void {
  bindCall(app, deps, showSeatsCall, ({ site, query }) => getShowSeats(deps, site, query.showId));
  bindCall(app, deps, createFilmOrderCall, ({ site, user, body }) =>
    filmOrderService.createFilmOrder(deps, site, user, body),
  );
  bindCall(app, deps, filmOrderDetailCall, ({ user, query }) =>
    filmOrderService.getFilmOrder(deps, user, query.orderId),
  );
  bindCall(app, deps, cancelFilmOrderCall, ({ user, body }) =>
    filmOrderService.cancelFilmOrder(deps, user, body.orderId),
  );
  bindCall(app, deps, pendingFilmOrderCall, ({ site, user, query }) =>
    filmOrderService.getPendingFilmOrder(deps, site, user, query.showId),
  );
}
