import {
  noticeKinds,
  type Message,
  type NoticeKind,
  type NoticeSubscription,
} from '@marquee/contracts';
import type { AppDeps, SignedInUser, SiteRow } from '../../app-deps.js';
import { AppError } from '../../lib/errors.js';
import { templateIdOf } from './notice-templates.js';
import * as noticesRepository from './notices.repository.js';
import type { OutboxRow } from './notices.repository.js';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

const LIST_LIMIT = 100;

/** 我的 → 消息: the user's messages, newest first, whatever WeChat did with them. */
export async function listMessages(deps: Deps, user: SignedInUser): Promise<{ list: Message[] }> {
  const rows = await noticesRepository.listForUser(deps.db, user.id, LIST_LIMIT);
  return { list: rows.map(messageOf) };
}

function messageOf(row: OutboxRow): Message {
  const payload = row.payload;
  return {
    messageId: row.id,
    kind: row.kind,
    orderId: row.order_id,
    orderNo: payload.orderNo ?? '',
    title: payload.title ?? '',
    cinema: payload.cinema ?? '',
    startAt: payload.startAt ?? null,
    seats: payload.seats || null,
    code: payload.code || null,
    amount: payload.amount ?? '',
    delivery: row.state,
    change: (payload.change as Message['change']) ?? null,
    text: payload.text ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

export async function noticeSubscription(
  deps: Deps,
  site: SiteRow,
  user: SignedInUser,
): Promise<NoticeSubscription> {
  const consents = await noticesRepository.consentsOf(deps.db, user.id);
  const agreed = new Set(consents.map((consent) => consent.kind));
  return {
    isOpenTag: site.messenger_mode === 'wechat',
    templates: noticeKinds.flatMap((kind) => {
      const templateId = templateIdOf(site, kind);
      return templateId ? [{ kind, templateId, isSubscribed: agreed.has(kind) }] : [];
    }),
  };
}

/** Record the user's consent to these notices (one row per user and kind, kept up to date). */
export async function subscribeNotices(
  deps: Deps,
  site: SiteRow,
  user: SignedInUser,
  kinds: readonly NoticeKind[],
): Promise<NoticeSubscription> {
  const missing = kinds.filter((kind) => !templateIdOf(site, kind));
  if (missing.length > 0) {
    throw new AppError('VALIDATION_FAILED', {
      fields: ['body.kinds'],
      hint: `本站未开通这些通知：${missing.join('、')}`,
      hintEn: `This site does not send these notices: ${missing.join(', ')}.`,
    });
  }
  const at = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    for (const kind of kinds) {
      await noticesRepository.upsertConsent(trx, {
        userId: user.id,
        kind,
        templateId: templateIdOf(site, kind)!,
        at,
      });
    }
  });
  return noticeSubscription(deps, site, user);
}
