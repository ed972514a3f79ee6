import type { FastifyInstance } from 'fastify';
import { orderDetailCall, orderListCall } from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { bindCall } from '../../plugins/calls.js';
import { getOrderDetail, listOrders } from './order-views.service.js';

export function registerOrderRoutes(app: FastifyInstance, deps: AppDeps): void {
  bindCall(app, deps, orderListCall, ({ user, query, lang }) =>
    listOrders(deps, user, query, lang),
  );
  bindCall(app, deps, orderDetailCall, ({ site, user, query, lang }) =>
    getOrderDetail(deps, site, user, query.orderId, lang),
  );
}
