import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { PHONE_CODE_RESEND_SECONDS } from '@marquee/contracts';
import type { AppDeps } from './app-deps.js';
import type { DatabaseHandle } from './db/client.js';
import { DEV_PEPPER } from './env.js';
import { clientGoneLogHooks } from './lib/client-gone-log.js';
import { systemClock, type Clock } from './lib/clock.js';
import { metrics } from './lib/metrics.js';
import { createReadiness, type Readiness } from './lib/readiness.js';
import { devKeyring, type SecretsKeyring } from './lib/secrets.js';
import {
  defaultTencentCloudEndpoints,
  type TencentCloudEndpoints,
} from './lib/tencent-cloud/tencent-cloud-http.js';
import { createWechatDeps, type WechatEndpoints } from './lib/wechat/wechat-http.js';
import { handleClientError } from './plugins/client-errors.js';
import { registerErrorHandler, sendError } from './plugins/error-handler.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { GZIP_THRESHOLD_BYTES, registerSmallGzip } from './plugins/small-gzip.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { isServerPath, registerConsoleApp, registerWebApp } from './plugins/web-app.js';
import { createSessionAuthenticator, registerAuthRoutes } from './modules/auth/index.js';
import {
  registerCardsConsoleRoutes,
  registerCardsRoutes,
  registerPayPasswordRoutes,
  verifyPayPassword,
} from './modules/cards/index.js';
import { registerCinemaConsoleRoutes, registerCinemaRoutes } from './modules/cinema/index.js';
import {
  filmOrderSteps,
  holdOrderView,
  registerFilmOrderConsoleRoutes,
  registerFilmOrderRoutes,
} from './modules/film-order/index.js';
import {
  registerSeatHolds,
  registerWriteMarks,
  type SeatStreamLimits,
} from './modules/seat-holds/index.js';
import { registerMessengerRoutes, registerSandboxRoutes } from './modules/messenger/index.js';
import { completeExchange, registerExchangeRoutes } from './modules/exchange/index.js';
import {
  registerNotifyRoutes,
  exchangeMoneyOf,
  paymentMoneyReader,
  refundOrderMoney,
  registerPaymentConsoleRoutes,
  registerPaymentRoutes,
  settleOrderOfCancelledShow,
  registerSandboxPayRoutes,
  startPaymentSweep,
} from './modules/payment/index.js';
import {
  configureOrders,
  registerOrderConsoleRoutes,
  registerOrderRoutes,
  startOrderSweeper,
  type StaffRefund,
} from './modules/orders/index.js';
import {
  assertNoSandboxInProduction,
  assertWechatNotifyOrigins,
  assertSiteSecretsOpen,
  createSiteResolver,
} from './modules/site/index.js';
import { registerPhoneRoutes, registerSandboxSmsRoutes } from './modules/phone/index.js';
import { registerNoticeRoutes, startNoticeWorker } from './modules/notices/index.js';
import { registerCouponConsoleRoutes, registerCouponRoutes } from './modules/coupons/index.js';
import { registerReportConsoleRoutes } from './modules/reports/index.js';
import { registerBoxOfficeConsoleRoutes } from './modules/box-office/index.js';
import {
  createStaffAuthenticator,
  recordAudit,
  registerStaffRoutes,
} from './modules/staff/index.js';
import {
  registerGoodsConsoleRoutes,
  registerStoreRoutes,
  storeOrderSteps,
} from './modules/store/index.js';
import { registerSystemRoutes } from './modules/system/index.js';

export interface AppOptions {
  database: DatabaseHandle;
  clock?: Clock;
  isProduction?: boolean;
  logLevel?: string;
  /** The built web app to serve; null for an API-only app (tests). */
  webDist?: string | null;
  /** The built staff console to serve under /console; null or absent: none. */
  consoleDist?: string | null;
  rateLimitPerMinute?: number;
  /** Seconds between text codes of one purpose (env PHONE_CODE_RESEND_SECONDS); 60 when absent. */
  phoneCodeResendSeconds?: number;
  /** WeChat's base URLs (env WECHAT_API_BASE, WECHAT_PAY_BASE); WeChat itself when absent. */
  wechat?: Partial<WechatEndpoints>;
  /** Tencent Cloud SMS (env TENCENT_SMS_ENDPOINT); Tencent itself when absent. */
  tencentCloud?: Partial<TencentCloudEndpoints>;
  /** Pay password pepper (env PAY_PASSWORD_PEPPER); the development default when absent. */
  payPasswordPepper?: string;
  /** Addresses or CIDRs of trusted proxies (X-Forwarded-For); none by default. */
  trustProxy?: string[];
  /** How often the payment sweep runs (ms); null turns it off (tests run it by hand). */
  paymentSweepIntervalMs?: number | null;
  /** How often the notice outbox is sent from (ms); null turns it off (tests run it by hand). */
  noticeWorkerIntervalMs?: number | null;
  /**
   * How often expired seat holds and expired store orders are swept (ms); null turns it off
   * (tests run them by hand).
   */
  holdSweepIntervalMs?: number | null;
  /** The keys of secrets at rest (env SECRETS_KEY); the development key when absent. */
  secretsKeyring?: SecretsKeyring;
  /** Where the public reaches this deployment (env PUBLIC_ORIGIN); http://localhost:8080 if absent. */
  publicOrigin?: string;
  /** Rate-limit counters in this Redis (env REDIS_URL); in memory when absent. */
  redisUrl?: string;
  /** Prefix of this app's Redis keys (tests keep apart with it). */
  redisKeyPrefix?: string;
  /** Bearer token of GET /metrics (env METRICS_TOKEN); no /metrics when absent. */
  metricsToken?: string;
  /**
   * The readiness the server moves (ready once listening, draining on a signal); absent: one that
   * is ready as soon as the app is (tests).
   */
  readiness?: Readiness;
  /** Caps and heartbeat of seat availability streams (defaults in seat-holds' seat-stream.routes.ts). */
  seatStreamLimits?: Partial<SeatStreamLimits>;
}

/** Build the whole app without listening: tests drive it with `app.inject`. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const isProduction = options.isProduction ?? false;
  const secrets = options.secretsKeyring ?? devKeyring();
  await assertNoSandboxInProduction(options.database.db, isProduction);
  await assertWechatNotifyOrigins(options.database.db, isProduction);
  await assertSiteSecretsOpen(options.database.db, secrets);

  const app = Fastify({
    // A client that went away mid-answer is not an error of ours (lib/client-gone-log.ts).
    logger: { level: options.logLevel ?? 'info', hooks: clientGoneLogHooks },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 64 * 1024,
    // Closing: our own answer in the envelope (the onRequest hook below), not Fastify's text.
    return503OnClosing: false,
    // Only named proxies may speak for the client's address, or anyone could dodge rate limits.
    trustProxy: options.trustProxy ?? false,
    // A longer path parameter is refused (414, frameworkErrors below).
    routerOptions: { maxParamLength: 128 },
    // URL or headers over Node's 16 KB, a malformed request line: the envelope, not Node's text.
    clientErrorHandler: handleClientError,
    frameworkErrors: (error, request, reply) =>
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? sendError(request, reply, 'URL_TOO_LONG')
        : sendError(request, reply, 'VALIDATION_FAILED', { fields: ['url'], reason: error.code }),
  });
  const readiness = options.readiness ?? createReadiness();
  if (!options.readiness) app.addHook('onReady', async () => readiness.markReady());
  // app.close() drains: readiness fails from its first moment.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
    readiness.markDraining();
  });
  // A request that reaches a closing server (on a connection kept alive from before) is refused
  // in our envelope, with its request id and a time to retry, instead of Fastify's plain 503
  // (return503OnClosing off). It never started: the client may send it again elsewhere.
  app.addHook('onRequest', async (request, reply) => {
    if (!isClosing) return;
    reply.header('retry-after', '1');
    return sendError(request, reply, 'SERVICE_UNAVAILABLE', {
      reason: 'shuttingDown',
      retryAfterSeconds: 1,
    });
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // While draining, no connection is kept alive: the close does not wait for idle sockets.
    if (readiness.state === 'draining') reply.header('connection', 'close');
    done(null, payload);
  });
  if (options.database.poolStats) {
    const unwatch = metrics.watchPool(options.database.poolStats);
    app.addHook('onClose', async () => unwatch());
  }

  const clock = options.clock ?? systemClock;
  const deps: AppDeps = {
    db: options.database.db,
    dbKind: options.database.kind,
    listen: options.database.listen,
    clock,
    isProduction,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 600,
    phoneCodeResendSeconds: options.phoneCodeResendSeconds ?? PHONE_CODE_RESEND_SECONDS,
    payPasswordPepper: options.payPasswordPepper ?? DEV_PEPPER,
    secrets,
    publicOrigin: options.publicOrigin ?? 'http://localhost:8080',
    wechat: createWechatDeps(options.wechat),
    tencentCloud: { ...defaultTencentCloudEndpoints, ...options.tencentCloud },
    sites: createSiteResolver(options.database.db, secrets, app.log),
    sessions: createSessionAuthenticator({
      db: options.database.db,
      clock,
      listen: options.database.listen,
    }),
    staffSessions: createStaffAuthenticator({ db: options.database.db, clock }),
  };

  app.addHook('onClose', () => deps.sessions.close());

  // The orders module runs each kind's steps and shows payments without importing their modules
  // (the same code's functions for every app of the process); this app's staff refund goes to
  // its own order routes below.
  configureOrders({
    kinds: { film: filmOrderSteps, store: storeOrderSteps },
    money: paymentMoneyReader,
    completeExchange,
  });
  const staffRefund: StaffRefund = async (site, request, log) => {
    await refundOrderMoney(
      deps,
      site,
      {
        orderId: request.orderId,
        actor: { kind: 'staff', staff: request.staff },
        reason: request.reason,
        ignoreCutoff: true,
      },
      log,
    );
  };
  const holdSweepIntervalMs =
    options.holdSweepIntervalMs === undefined ? 30_000 : options.holdSweepIntervalMs;

  registerErrorHandler(app);
  // Before any route: it hooks every call that may write (the seat maps' freshness, decision 036).
  const writes = registerWriteMarks(app);
  await registerSecurityHeaders(app, { isProduction });
  // gzip for every answer worth it (1.4 KB and up: a seat map, lists; not a seat hold's 1.2 KB,
  // see GZIP_THRESHOLD_BYTES); the only place it is set. Up to 64 KB in one synchronous call
  // (small-gzip.ts), bigger ones through the streams of @fastify/compress. Built files come
  // precompressed (plugins/web-app.ts), not compressed again.
  registerSmallGzip(app, { threshold: GZIP_THRESHOLD_BYTES, limit: 64 * 1024 });
  await app.register(compress, {
    global: true,
    threshold: GZIP_THRESHOLD_BYTES,
    encodings: ['gzip'],
  });
  registerMetrics(app, { token: options.metricsToken });
  await registerRateLimit(app, deps, {
    redisUrl: options.redisUrl,
    redisKeyPrefix: options.redisKeyPrefix,
    cleanupIntervalMs: holdSweepIntervalMs,
  });

  registerSystemRoutes(app, deps, readiness);
  registerMessengerRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerStaffRoutes(app, deps);
  registerCardsRoutes(app, deps);
  registerCardsConsoleRoutes(app, deps, { recordAudit });
  registerPayPasswordRoutes(app, deps);
  registerPhoneRoutes(app, deps, {
    checkPayPassword: (site, user, payload) => verifyPayPassword(deps, site, user, payload),
  });
  registerNoticeRoutes(app, deps);
  registerCouponRoutes(app, deps);
  registerCouponConsoleRoutes(app, deps);
  if (!isProduction) registerSandboxRoutes(app, deps);
  if (!isProduction) registerSandboxSmsRoutes(app, deps);
  registerCinemaRoutes(app, deps);
  registerCinemaConsoleRoutes(app, deps, {
    settleCancelledShowOrder: (site, orderId, options) =>
      settleOrderOfCancelledShow(deps, site, orderId, options, app.log),
  });
  // This app's seat holds and seat-map reads (modules/seat-holds): every channel holds through it.
  const seatHolds = registerSeatHolds(app, deps, {
    orderView: holdOrderView,
    seatStreamLimits: options.seatStreamLimits,
    writes,
  });
  registerFilmOrderRoutes(app, deps, { seatHolds });
  registerFilmOrderConsoleRoutes(app, deps);
  registerStoreRoutes(app, deps);
  registerGoodsConsoleRoutes(app, deps);
  registerOrderRoutes(app, deps);
  registerOrderConsoleRoutes(app, deps, { staffRefund });
  registerReportConsoleRoutes(app, deps);
  registerBoxOfficeConsoleRoutes(app, deps, { seatHolds });
  if (holdSweepIntervalMs !== null) {
    const orderSweeper = startOrderSweeper(deps, holdSweepIntervalMs, app.log);
    app.addHook('onClose', async () => {
      await orderSweeper.stop();
    });
  }
  registerPaymentRoutes(app, deps);
  // Exchange (改签) beside the order lifecycle; its money is payment's, on this app's deps.
  registerExchangeRoutes(app, deps, { money: exchangeMoneyOf(deps) });
  registerPaymentConsoleRoutes(app, deps);
  registerNotifyRoutes(app, deps);
  if (!isProduction) registerSandboxPayRoutes(app, deps);
  const paymentSweepIntervalMs =
    options.paymentSweepIntervalMs === undefined ? 30_000 : options.paymentSweepIntervalMs;
  if (paymentSweepIntervalMs !== null) {
    const stopSweep = startPaymentSweep(deps, app.log, paymentSweepIntervalMs);
    app.addHook('onClose', stopSweep);
  }
  const noticeWorkerIntervalMs =
    options.noticeWorkerIntervalMs === undefined ? 10_000 : options.noticeWorkerIntervalMs;
  if (noticeWorkerIntervalMs !== null) {
    const noticeWorker = startNoticeWorker(deps, noticeWorkerIntervalMs, app.log);
    app.addHook('onClose', () => noticeWorker.stop());
  }

  const sendWebPage = await registerWebApp(app, options.webDist ?? null);
  await registerConsoleApp(app, options.consoleDist ?? null);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isClientRoute = request.method === 'GET' && !isServerPath(path) && !/\.\w+$/.test(path);
    if (sendWebPage && isClientRoute) return sendWebPage(request, reply);
    // A known call asked with the wrong method: say which method it takes (static paths).
    const allow = (['GET', 'POST'] as const).filter(
      (method) => method !== request.method && app.hasRoute({ method, url: path }),
    );
    if (allow.length > 0) {
      reply.header('allow', allow.join(', '));
      return sendError(request, reply, 'METHOD_NOT_ALLOWED', {
        path,
        method: request.method,
        allow: allow.join(', '),
      });
    }
    return sendError(request, reply, 'NOT_FOUND', { what: path, whatEn: path });
  });
  return app;
}
