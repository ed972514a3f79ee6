import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/errors.js';
import { payProviderFor } from './providers/pay-providers.js';
import { applyRefundNotice } from './refund-execution.js';
import { applyPaidResult } from './settle.service.js';

export const NOTIFY_PATH = '/api/wxpay/notify/:siteCode';

/**
 * WeChat Pay's notify_url (API v3), of payments and of refunds: a JSON notice with an encrypted
 * `resource`, signed in the Wechatpay-* headers. The provider verifies and decrypts it from the raw
 * body; a TRANSACTION.SUCCESS settles the payment exactly once (keyed by WeChat's transaction id), a
 * REFUND.SUCCESS / ABNORMAL / CLOSED settles the refund once (keyed by out_refund_no). WeChat wants 200 with
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
      let notice;
      try {
        notice = await payProviderFor(deps, site).parseNotification(
          headers,
          String(request.body ?? ''),
        );
      } catch (error) {
        request.log.warn({ err: error }, 'refused a payment notification that does not verify');
        return fail(401, '签名错误');
      }
      const outTradeNo =
        notice.kind === 'payment' ? notice.payment.outTradeNo : notice.refund.outTradeNo;
      try {
        if (notice.kind === 'refund') {
          const outcome = await applyRefundNotice(deps, site, notice.refund, request.log);
          request.log.info(
            { outRefundNo: notice.refund.outRefundNo, state: notice.refund.state, outcome },
            'refund notification',
          );
        } else {
          const outcome = await applyPaidResult(deps, site, notice.payment, request.log, 'notify');
          request.log.info({ outTradeNo, outcome }, 'payment notification');
        }
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        request.log.warn({ err: error, outTradeNo }, `${notice.kind} notification refused`);
        return fail(error.type === 'NOT_FOUND' ? 404 : 400, error.message);
      }
      return reply.status(200).send({ code: 'SUCCESS', message: '成功' });
    });
  });
}
