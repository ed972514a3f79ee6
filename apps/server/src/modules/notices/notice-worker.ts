import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps, SiteRow } from '../../app-deps.js';
import type { NoticeKind } from '../../db/schema.js';
import { startPeriodic } from '../../lib/periodic.js';
import { forgetWechatAccessToken, wechatAccessToken } from '../messenger/index.js';
import { sendNoticeSms } from '../phone/index.js';
import { bizsend, type BizsendOutcome } from './bizsend.js';
import { templateDataOf, templateIdOf } from './notice-templates.js';
import * as noticesRepository from './notices.repository.js';
import type { OutboxRow } from './notices.repository.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'wechat' | 'sites'>;

/** The reminder goes out two hours before the show. */
export const REMINDER_LEAD_MS = 2 * 60 * 60 * 1000;
/** A claimed row is another worker's to take once this passes (its worker died mid-send). */
const CLAIM_MS = 60_000;
export const MAX_ATTEMPTS = 8;
const BATCH = 50;

/** 30 s, 1 min, 2 min, … capped at an hour: the wait before attempt `attempts + 1`. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/**
 * One run of the worker: write the reminders now due, then claim due outbox rows and send each,
 * outside any transaction (the claim and each outcome are single conditional updates). Answers
 * how many rows it finished (sent, refused, failed or skipped) and how many wait for a retry.
 */
export async function sendDueNotices(deps: Deps): Promise<{ finished: number; retrying: number }> {
  const now = deps.clock.now();
  await noticesRepository.insertDueReminders(deps.db, now, REMINDER_LEAD_MS);
  const rows = await noticesRepository.claimDue(deps.db, now, CLAIM_MS, BATCH);
  let finished = 0;
  let retrying = 0;
  for (const row of rows) {
    if (row.sms_state === 'pending') await text(deps, row);
    const outcome = await deliver(deps, row);
    if (outcome.kind === 'retry' && row.attempts < MAX_ATTEMPTS) {
      retrying += 1;
      await noticesRepository.finish(deps.db, row.id, {
        state: 'pending',
        error: outcome.error,
        nextAttemptAt: new Date(deps.clock.now().getTime() + backoffMs(row.attempts)),
      });
      continue;
    }
    finished += 1;
    await noticesRepository.finish(
      deps.db,
      row.id,
      outcome.kind === 'sent'
        ? { state: 'sent', at: deps.clock.now() }
        : { state: outcome.kind === 'retry' ? 'failed' : outcome.kind, error: outcome.error },
    );
  }
  return { finished, retrying };
}

type Delivery = Exclude<BizsendOutcome, { kind: 'token' }> | { kind: 'skipped'; error: string };

/**
 * Send one row: to WeChat on a WeChat site, to the in-process stand-in on a sandbox site (which
 * follows WeChat's rule: no consent, no notice). Without a template id or the user's consent
 * nothing is sent (skipped): the in-app message list shows it anyway.
 */
async function deliver(deps: Deps, row: OutboxRow): Promise<Delivery> {
  const siteCode = await noticesRepository.siteCodeOf(deps.db, row.site_id);
  const site = await deps.sites.resolve(siteCode);
  const templateId = templateIdOf(site, row.kind);
  if (!templateId) return { kind: 'skipped', error: 'no template id for this notice' };
  const consent = await noticesRepository.findConsent(deps.db, row.user_id, row.kind);
  if (!consent) return { kind: 'skipped', error: 'the user has not subscribed' };
  if (site.messenger_mode === 'sandbox') return { kind: 'sent' };
  const openid = await noticesRepository.openidOf(deps.db, row.user_id);
  const request = {
    touser: openid,
    template_id: templateId,
    page: pageOf(site, row),
    data: templateDataOf(row.kind as NoticeKind, row.payload),
  };
  for (let attempt = 1; ; attempt += 1) {
    const token = await wechatAccessToken(deps, site).catch((error: unknown) => error);
    if (typeof token !== 'string') return { kind: 'retry', error: String(token) };
    const outcome = await bizsend(deps.wechat.endpoints, token, request);
    if (outcome.kind !== 'token') return outcome;
    // WeChat ended the token early: forget it and try once more with a new one.
    await forgetWechatAccessToken(deps, site, token);
    if (attempt === 2) return { kind: 'retry', error: outcome.error };
  }
}

/**
 * The SMS copy of a show's change, sent once (before the WeChat try, whose retries do not send it
 * again): to the bound phone, skipped without one.
 */
async function text(deps: Deps, row: OutboxRow): Promise<void> {
  const phone = await noticesRepository.phoneOf(deps.db, row.user_id);
  let state: 'sent' | 'failed' | 'skipped' = 'skipped';
  if (phone && row.payload.text) {
    const site = await deps.sites.resolve(await noticesRepository.siteCodeOf(deps.db, row.site_id));
    const outcome = await sendNoticeSms(deps, site, phone, row.payload.text).catch(() => null);
    state =
      outcome?.status === 'sent' ? 'sent' : outcome?.status === 'notSent' ? 'skipped' : 'failed';
  }
  await noticesRepository.recordSms(deps.db, row.id, state);
}

function pageOf(site: SiteRow, row: OutboxRow): string {
  const origin = (site.public_origin ?? '').replace(/\/+$/, '');
  return `${origin}/account/messages?orderId=${encodeURIComponent(row.order_id)}`;
}

/** Run the worker every `intervalMs` until stopped (on app close). */
export function startNoticeWorker(
  deps: Deps,
  intervalMs: number,
  log: FastifyBaseLogger,
): { stop(): Promise<void> } {
  return startPeriodic('notice outbox', () => sendDueNotices(deps), intervalMs, log);
}
