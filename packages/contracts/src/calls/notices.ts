import { z } from 'zod';
import { defineCall } from '../call.js';

/**
 * Messages that reach the moviegoer: subscription notices of the official account (服务号订阅通知)
 * and the in-app list (我的 → 消息) that shows the same messages whether or not WeChat delivered.
 */
export const noticeKinds = [
  'paid',
  'reminder',
  'refunded',
  'ready',
  'exchanged',
  'showChanged',
] as const;

/** What changed about a show a buyer holds tickets of (a `showChanged` message). */
export const showChanges = ['cancelled', 'reseated', 'time'] as const;
export type ShowChange = (typeof showChanges)[number];
export type NoticeKind = (typeof noticeKinds)[number];

/** How far the WeChat notice got: waiting, sent, refused by the user, failed, or not sent. */
export const noticeDeliveries = [
  'pending',
  'sending',
  'sent',
  'refused',
  'failed',
  'skipped',
] as const;

export const messageSchema = z.object({
  messageId: z.string(),
  kind: z.enum(noticeKinds),
  orderId: z.string(),
  orderNo: z.string(),
  /** The film, or the goods of a store order. */
  title: z.string(),
  cinema: z.string(),
  /** The show's start (film orders); null for store orders. */
  startAt: z.string().nullable(),
  /** Seat labels joined by spaces (film orders); null otherwise. */
  seats: z.string().nullable(),
  /** The ticket or pickup code; null for refunds. */
  code: z.string().nullable(),
  /** Yuan, two decimals, as text. */
  amount: z.string(),
  delivery: z.enum(noticeDeliveries),
  /** A `showChanged` message: what changed, and the words the moviegoer reads. */
  change: z.enum(showChanges).nullable(),
  text: z.string().nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageListCall = defineCall({
  method: 'GET',
  path: '/userInfo/messages',
  isSignedIn: true,
  answer: z.object({ list: z.array(messageSchema) }),
});

export const noticeSubscriptionSchema = z.object({
  /** True on a WeChat site: consent goes through WeChat's wx-open-subscribe open tag. */
  isOpenTag: z.boolean(),
  /** The site's notices that have a template id, and whether this user agreed to each. */
  templates: z.array(
    z.object({ kind: z.enum(noticeKinds), templateId: z.string(), isSubscribed: z.boolean() }),
  ),
});
export type NoticeSubscription = z.infer<typeof noticeSubscriptionSchema>;

export const noticeSubscriptionCall = defineCall({
  method: 'GET',
  path: '/userInfo/messages/subscription',
  isSignedIn: true,
  answer: noticeSubscriptionSchema,
});

/**
 * The user agreed to these notices: on WeChat, the template ids wx-open-subscribe reported as
 * accepted; elsewhere and in the sandbox, the page's own button. A kind without a template id on
 * the site is refused (VALIDATION_FAILED) and nothing is recorded.
 */
export const subscribeNoticesCall = defineCall({
  method: 'POST',
  path: '/userInfo/messages/subscribe',
  isSignedIn: true,
  body: z.object({ kinds: z.array(z.enum(noticeKinds)).min(1).max(noticeKinds.length) }),
  answer: noticeSubscriptionSchema,
});
