import type { FastifyInstance } from 'fastify';
import { isMobilePhone, PHONE_CODE_TTL_SECONDS, type PhoneCodePurpose } from '@marquee/contracts';
import type { AppDeps, SiteRow } from '../../app-deps.js';
import { AppError } from '../../lib/errors.js';
import { sendTencentSms, tencentSmsConfigOf, type SmsOutcome } from './providers/tencent-sms.js';

/** Where a sandbox site's "sent" text messages can be read (development and tests only). */
export const SANDBOX_SMS_PATH = '/sandbox/sms';

/** How a site's text messages go out: the sandbox's stand-in, Tencent Cloud SMS, or not at all. */
export function smsChannelOf(site: SiteRow): 'sandbox' | 'tencent' | null {
  if (site.messenger_mode === 'sandbox') return 'sandbox';
  return tencentSmsConfigOf(site) ? 'tencent' : null;
}

/**
 * Send a code by text message, after its row is committed (no network inside a transaction). A
 * sandbox site's message goes to the local stand-in (a table and the page at SANDBOX_SMS_PATH);
 * another site's through its SMS provider (`npm run site:sms`), with the approved template whose
 * parameters are the code and its minutes (decision 032). A site with neither is refused
 * (SMS_UNAVAILABLE) rather than left waiting for a code that never comes.
 */
export async function sendCodeSms(
  deps: Pick<AppDeps, 'db' | 'clock' | 'tencentCloud'>,
  site: SiteRow,
  phone: string,
  message: { purpose: PhoneCodePurpose; code: string },
): Promise<SmsOutcome> {
  const channel = smsChannelOf(site);
  if (channel === 'sandbox') {
    await deps.db
      .insertInto('sms_messages')
      .values({ site_id: site.id, phone, text: sandboxText(site, message) })
      .execute();
    return { status: 'sent' };
  }
  const config = tencentSmsConfigOf(site);
  if (!config) throw new AppError('SMS_UNAVAILABLE');
  return sendTencentSms({ tencent: deps.tencentCloud, clock: deps.clock }, config, phone, [
    message.code,
    String(PHONE_CODE_TTL_SECONDS / 60),
  ]);
}

/**
 * Tell the number a binding left that it changed: its owner may not be the one who changed it.
 * A sandbox site writes it to the stand-in; a Tencent site sends it with its notification template
 * (`npm run site:sms -- --notice-template-id`, parameters: when, the new number masked), or, with
 * none set, sends nothing and answers `notSent` for the caller to log.
 */
export async function sendPhoneChangedSms(
  deps: Pick<AppDeps, 'db' | 'clock' | 'tencentCloud'>,
  site: SiteRow,
  oldPhone: string,
  notice: { atText: string; maskedNewPhone: string },
): Promise<SmsOutcome> {
  const channel = smsChannelOf(site);
  if (channel === 'sandbox') {
    await deps.db
      .insertInto('sms_messages')
      .values({
        site_id: site.id,
        phone: oldPhone,
        text: `【${site.name}】您账户绑定的手机号已于 ${notice.atText} 更换为 ${notice.maskedNewPhone}，本号码不再接收该账户的验证码。如非本人操作，请立即联系影城客服。`,
      })
      .execute();
    return { status: 'sent' };
  }
  const config = tencentSmsConfigOf(site);
  if (!config || !site.sms_notice_template_id) {
    return {
      status: 'notSent',
      error: new AppError('SMS_UNAVAILABLE'),
      providerCode: 'noNoticeTemplate',
    };
  }
  return sendTencentSms(
    { tencent: deps.tencentCloud, clock: deps.clock },
    { ...config, templateId: site.sms_notice_template_id },
    oldPhone,
    [notice.atText, notice.maskedNewPhone],
  );
}

/**
 * A message to the moviegoer's bound phone (a show's change, decision 056), after its outbox row
 * is committed. A sandbox site writes it to the stand-in's inbox; other sites need an approved
 * notification template per message, which the SMS settings do not hold yet: notSent.
 */
export async function sendNoticeSms(
  deps: Pick<AppDeps, 'db'>,
  site: SiteRow,
  phone: string,
  text: string,
): Promise<SmsOutcome> {
  if (smsChannelOf(site) === 'sandbox') {
    await deps.db
      .insertInto('sms_messages')
      .values({ site_id: site.id, phone, text: `【${site.name}】${text}` })
      .execute();
    return { status: 'sent' };
  }
  return {
    status: 'notSent',
    error: new AppError('SMS_UNAVAILABLE'),
    providerCode: 'noNoticeTemplate',
  };
}

const purposeText: Record<PhoneCodePurpose, string> = {
  payPasswordReset: '重置支付密码',
  bindPhone: '绑定手机号',
  changePhone: '验证原手机号以更换绑定',
  firstPayPassword: '首次设置支付密码',
};

/** The stand-in's text: what a verification template of a real provider reads like. */
function sandboxText(site: SiteRow, message: { purpose: PhoneCodePurpose; code: string }) {
  const what = purposeText[message.purpose];
  return `【${site.name}】验证码 ${message.code}，用于${what}，5 分钟内有效。如非本人操作，请忽略本短信。`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The stand-in's inbox: the latest messages to one number, newest first, as a phone shows them. */
export function registerSandboxSmsRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'db'>): void {
  app.get<{ Querystring: { phone?: string } }>(SANDBOX_SMS_PATH, async (request, reply) => {
    const phone = String(request.query.phone ?? '').trim();
    const messages = isMobilePhone(phone)
      ? await deps.db
          .selectFrom('sms_messages')
          .innerJoin('sites', 'sites.id', 'sms_messages.site_id')
          .select(['sms_messages.text', 'sms_messages.created_at'])
          .where('sms_messages.phone', '=', phone)
          .where('sites.messenger_mode', '=', 'sandbox')
          .orderBy('sms_messages.id', 'desc')
          .limit(20)
          .execute()
      : [];
    const items = messages
      .map(
        (m) =>
          `<li><time>${escapeHtml(m.created_at.toISOString())}</time><p>${escapeHtml(m.text)}</p></li>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>短信（本地沙箱）</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:16px;background:#f5f5f5;color:#222}h1{font-size:18px}ul{list-style:none;padding:0}li{background:#fff;border-radius:12px;padding:12px 16px;margin-bottom:12px}time{color:#666;font-size:13px}p{margin:4px 0 0}</style></head><body><h1>短信收件箱（本地沙箱）${phone ? ` · ${escapeHtml(phone)}` : ''}</h1>${items ? `<ul data-testid="sms-list">${items}</ul>` : '<p>没有短信。</p>'}</body></html>`;
  });
}
