import type { FastifyInstance } from 'fastify';
import {
  cancelPaymentCall,
  cardPayCall,
  paymentStatusCall,
  refundOrderCall,
  refundOrderGoodsCall,
  wechatPayCall,
} from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { bindCall } from '../../plugins/calls.js';
import { publicOriginOf } from '../site/index.js';
import { payByCard } from './pay-by-card.service.js';
import { payByWechat } from './pay-by-wechat.service.js';
import { cancelPayment, getPaymentStatus } from './payment-status.service.js';
import { refundOrderGoods } from './refund-goods.service.js';
import { refundOrder } from './refund.service.js';

/** Paying calls are few per person: a tighter limit than browsing. */
const PAYING_PER_MINUTE = 30;

export function registerPaymentRoutes(app: FastifyInstance, deps: AppDeps): void {
  bindCall(
    app,
    deps,
    cardPayCall,
    ({ site, user, body, idempotencyKey, request }) =>
      payByCard(deps, site, user, body, {
        idempotencyKey,
        origin: publicOriginOf(deps, site),
        log: request.log,
      }),
    { rateLimitPerMinute: PAYING_PER_MINUTE },
  );
  bindCall(
    app,
    deps,
    wechatPayCall,
    ({ site, user, body, idempotencyKey, request }) =>
      payByWechat(deps, site, user, body, {
        idempotencyKey,
        origin: publicOriginOf(deps, site),
        log: request.log,
      }),
    { rateLimitPerMinute: PAYING_PER_MINUTE },
  );
  bindCall(app, deps, paymentStatusCall, ({ site, user, query, request }) =>
    getPaymentStatus(deps, site, user, query, request.log),
  );
  bindCall(app, deps, cancelPaymentCall, ({ site, user, body, request }) =>
    cancelPayment(deps, site, user, body.paymentId, request.log),
  );
  bindCall(
    app,
    deps,
    refundOrderCall,
    ({ site, user, body, request }) => refundOrder(deps, site, user, body.orderId, request.log),
    { rateLimitPerMinute: PAYING_PER_MINUTE },
  );
  bindCall(
    app,
    deps,
    refundOrderGoodsCall,
    ({ site, user, body, request }) =>
      refundOrderGoods(deps, site, user, body.orderId, request.log),
    { rateLimitPerMinute: PAYING_PER_MINUTE },
  );
}
