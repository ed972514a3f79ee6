/**
 * Stored-value cards and the pay password: routes, and the card API other modules (payments)
 * call inside their own transaction. Other modules import only from here.
 */
export { registerCardsRoutes } from './cards.routes.js';
export { registerCardsConsoleRoutes } from './cards.console.routes.js';
export { registerPayPasswordRoutes } from './pay-password.routes.js';
export {
  chargeCards,
  commitCardHold,
  releaseCardHold,
  refundCardCharges,
  refundCardChargesPart,
  rebuildBalanceCheck,
  type CardDebit,
  type ChargeCardsInput,
} from './card-ledger.service.js';
export { cardsChargedForOrders } from './cards.repository.js';
export { verifyPayPassword, type PayPasswordDeps } from './pay-password.service.js';
// The slow hash (scrypt) is shared with staff passwords (modules/staff).
export { hashSecret, verifySecret, DECOY_HASH } from './password-hash.js';
