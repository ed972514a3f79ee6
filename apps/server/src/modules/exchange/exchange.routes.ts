import type { FastifyInstance } from 'fastify';
import { exchangeFilmOrderCall } from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { bindCall } from '../../plugins/calls.js';
import type { ExchangeMoney } from './exchange-money.js';
import { exchangeFilmOrder } from './exchange.service.js';

/** An exchange moves money: the paying calls' tighter limit than browsing. */
const EXCHANGES_PER_MINUTE = 30;

/** `POST /api/order/exchange` (改签). */
export function registerExchangeRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  options: { money: ExchangeMoney },
): void {
  const exchangeDeps = { ...deps, money: options.money };
  bindCall(
    app,
    deps,
    exchangeFilmOrderCall,
    ({ site, user, body, request }) =>
      exchangeFilmOrder(exchangeDeps, site, user, body, request.log),
    { rateLimitPerMinute: EXCHANGES_PER_MINUTE },
  );
}
