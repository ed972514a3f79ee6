/**
 * Coupons (decision 024): campaigns of a site, the coupons they give by promo code, the user's
 * list, and a coupon applied to an unpaid order (the order re-priced; the database uses it when
 * the order is paid and gives it back when the order is cancelled, expired or refunded).
 * Other modules import only from here.
 */
export { registerCouponRoutes } from './coupons.routes.js';
export { registerCouponConsoleRoutes } from './coupons.console.routes.js';
export { createCampaign, type NewCampaign } from './campaigns.js';
export { orderHasPendingPayment, repriceHeldCoupon } from './coupons.service.js';
