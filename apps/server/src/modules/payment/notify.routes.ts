import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/errors.js';
import { payProviderFor } from './providers/pay-providers.js';
import { applyPaidResult } from './settle.service.js';

export const NOTIFY_PATH = '/api/wxpay/notify/:siteCode';

/**
 * WeChat Pay's notify_url (API v3): a JSON notice with an encrypted `resource`, signed in the
 * Wechatpay-* headers. The provider verifies and decrypts it from the raw body; the payment is then
 * settled exactly once (the notice is keyed by WeChat's transaction id). WeChat wants 200 with
 * `{ code: 'SUCCESS' }`; anything else makes it retry later, which is what a refusal should do.
 */
export function registerNotifyRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.post<{ Params: { siteCode: string } }>(NOTIFY_PATH, async (request, reply) => {
      const fail = (status: number, message: string) =>
        reply.status(status).send({ code: 'FAIL', message });
      let site;
      try {
        site = await deps.sites.resolve(request.params.siteCode);
      } catch {
        return fail(404, 'unknown site');
      }
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        headers[name.toLowerCase()] = Array.isArray(value) ? value[0] : value;
      }
      let result;
      try {
        result = await payProviderFor(deps, site).parseNotification(
          headers,
          String(request.body ?? ''),
        );
      } catch (error) {
        request.log.warn({ err: error }, 'refused a payment notification that does not verify');
        return fail(401, '签名错误');
      }
      try {
        const outcome = await applyPaidResult(deps, site, result, request.log, 'notify');
        request.log.info({ outTradeNo: result.outTradeNo, outcome }, 'payment notification');
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        request.log.warn(
          { err: error, outTradeNo: result.outTradeNo },
          'payment notification refused',
        );
        return fail(error.type === 'NOT_FOUND' ? 404 : 400, error.message);
      }
      return reply.status(200).send({ code: 'SUCCESS', message: '成功' });
    });
  });
}
