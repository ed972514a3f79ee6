import { formatYuan } from '@marquee/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { randomInt } from 'node:crypto';
import { findSiteById } from '../site/index.js';
import { buildSandboxNotification, SANDBOX_PAGE_PATH } from './providers/sandbox-pay.provider.js';
import * as sandboxRepository from './providers/sandbox-pay.repository.js';

export const SANDBOX_CONFIRM_PATH = '/sandbox/pay/:prepayId/confirm';

const confirmBody = z.object({
  result: z.enum(['success', 'fail']),
  /** How many times to deliver the notification (WeChat repeats notices; replays must be harmless). */
  deliveries: z.number().int().min(0).max(5).default(2),
});

/**
 * The sandbox's payment sheet answers here (development and tests only: not registered in
 * production, and only for sandbox sites). 'success' marks the sandbox transaction paid and then
 * delivers WeChat's notification to our own notify endpoint, by default twice (0: a notice lost
 * on the way, for the status query to find); 'fail' marks it
 * PAYERROR and, as WeChat does, sends nothing.
 */
export function registerSandboxPayRoutes(app: FastifyInstance, deps: AppDeps): void {
  // A Native QR's code_url on a sandbox site opens this page: the amount and a button that pays
  // (the confirm call below), as scanning and paying in WeChat would.
  app.get<{ Params: { prepayId: string } }>(SANDBOX_PAGE_PATH, async (request, reply) => {
    const transaction = await sandboxRepository.findByPrepayId(deps.db, request.params.prepayId);
    if (!transaction)
      return reply.status(404).type('text/plain').send('no such sandbox transaction');
    const yuan = formatYuan(transaction.amount_fen);
    const prepayId = JSON.stringify(transaction.prepay_id);
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>沙箱支付 Sandbox pay</title></head>
<body style="font-family:sans-serif;text-align:center;padding:2em">
<p>沙箱微信支付 (sandbox WeChat Pay)</p><p style="font-size:2em">¥${yuan}</p>
<button id="pay" style="font-size:1.2em;padding:.5em 2em">确认支付 Pay</button><p id="out"></p>
<script>
document.getElementById('pay').onclick = async () => {
  const r = await fetch('/sandbox/pay/' + encodeURIComponent(${prepayId}) + '/confirm', {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ result: 'success' }) });
  const a = await r.json();
  document.getElementById('out').textContent = a.code === 0 ? '支付成功 Paid' : a.msg;
};
</script></body></html>`);
  });

  app.post<{ Params: { prepayId: string } }>(SANDBOX_CONFIRM_PATH, async (request, reply) => {
    const send = (status: number, code: number, msg: string, data: unknown = null) =>
      reply.status(status).send({ code, msg, data });
    const parsed = confirmBody.safeParse(request.body ?? {});
    if (!parsed.success) return send(400, 40001, 'result must be success or fail');
    const transaction = await sandboxRepository.findByPrepayId(deps.db, request.params.prepayId);
    const site = transaction ? await findSiteById(deps.db, transaction.site_id) : undefined;
    if (!transaction || !site || site.messenger_mode !== 'sandbox') {
      return send(404, 40401, 'no such sandbox transaction');
    }
    const now = deps.clock.now();
    if (
      transaction.state === 'CLOSED' ||
      (transaction.state !== 'SUCCESS' && transaction.expires_at < now)
    ) {
      return send(409, 40901, '交易已关闭 (transaction closed)', { state: 'CLOSED' });
    }
    if (parsed.data.result === 'fail') {
      if (transaction.state === 'SUCCESS')
        return send(409, 40901, 'already paid', { state: 'SUCCESS' });
      await sandboxRepository.updateState(deps.db, transaction.prepay_id, ['NOTPAY', 'PAYERROR'], {
        state: 'PAYERROR',
      });
      return send(200, 0, 'ok', { state: 'PAYERROR', deliveries: [] });
    }
    if (transaction.state !== 'SUCCESS') {
      await sandboxRepository.updateState(deps.db, transaction.prepay_id, ['NOTPAY', 'PAYERROR'], {
        state: 'SUCCESS',
        transaction_id: `4200${String(randomInt(1e9)).padStart(9, '0')}${String(randomInt(1e9)).padStart(9, '0')}`,
        success_at: now,
      });
    }
    const paid = (await sandboxRepository.findByPrepayId(deps.db, transaction.prepay_id))!;
    const deliveries: number[] = [];
    for (let i = 0; i < parsed.data.deliveries; i += 1) {
      const notice = buildSandboxNotification(site, paid, deps.clock.now());
      const response = await app.inject({
        method: 'POST',
        url: new URL(paid.notify_url, 'http://localhost').pathname,
        headers: notice.headers,
        payload: notice.body,
      });
      deliveries.push(response.statusCode);
    }
    return send(200, 0, 'ok', { state: 'SUCCESS', deliveries });
  });
}
