import type { FastifyInstance } from 'fastify';
import {
  applyCouponCall,
  couponListCall,
  orderCouponsCall,
  redeemCouponCall,
} from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { bindCall } from '../../plugins/calls.js';
import { applyCoupon, couponsForOrder, listCoupons, redeemPromoCode } from './coupons.service.js';

export function registerCouponRoutes(app: FastifyInstance, deps: AppDeps): void {
  bindCall(app, deps, couponListCall, ({ user }) => listCoupons(deps, user));
  // Promo codes are guessable: a few tries a minute.
  bindCall(
    app,
    deps,
    redeemCouponCall,
    ({ user, body }) => redeemPromoCode(deps, user, body.code),
    {
      rateLimitPerMinute: 10,
    },
  );
  bindCall(app, deps, orderCouponsCall, ({ user, query }) =>
    couponsForOrder(deps, user, query.orderId),
  );
  bindCall(app, deps, applyCouponCall, ({ user, body }) => applyCoupon(deps, user, body));
}
