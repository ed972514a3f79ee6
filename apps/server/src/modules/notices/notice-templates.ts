import { cinemaDateTimeOf, seatNames } from '@marquee/contracts';
import type { SiteRow } from '../../app-deps.js';
import type { NoticeKind } from '../../db/schema.js';

/** The site's template id of a notice kind (sites.notice_template_*); null: that notice is off. */
export function templateIdOf(site: SiteRow, kind: NoticeKind): string | null {
  const column = {
    paid: site.notice_template_paid,
    reminder: site.notice_template_reminder,
    refunded: site.notice_template_refunded,
    ready: site.notice_template_ready,
    exchanged: site.notice_template_exchanged,
    showChanged: site.notice_template_changed,
  }[kind];
  return column?.trim() ? column.trim() : null;
}

/** WeChat's `thing` keywords take at most 20 characters. */
const thing = (value: string | undefined) => ({ value: (value ?? '').slice(0, 20) || '-' });
const text = (value: string | undefined) => ({ value: (value ?? '').slice(0, 32) || '-' });

/** The outbox keeps short labels ("N14 N15"); the notice names them ("N排14座、N排15座"). */
const seatsText = (labels: string | undefined) =>
  labels ? seatNames(labels.split(' ').filter(Boolean), 'zh') : undefined;

/** The show's start on the cinemas' clock ("2026-11-22 19:30"), never UTC. */
const startText = (startAt: string | undefined) =>
  startAt ? cinemaDateTimeOf(startAt) : undefined;

/**
 * The template keywords each notice fills (decision 026): a chain picks, in the official
 * account's template library, templates with these keywords and stores their ids on the site.
 */
export function templateDataOf(
  kind: NoticeKind,
  payload: Record<string, string>,
): Record<string, { value: string }> {
  const base = { thing1: thing(payload.title), character_string2: text(payload.orderNo) };
  switch (kind) {
    case 'paid':
    case 'exchanged':
      return {
        ...base,
        thing3: thing(seatsText(payload.seats)),
        character_string4: text(payload.code),
        time5: text(startText(payload.startAt)),
      };
    case 'reminder':
      return {
        ...base,
        thing3: thing(payload.cinema),
        character_string4: text(payload.code),
        time5: text(startText(payload.startAt)),
      };
    case 'refunded':
      return { ...base, amount3: text(payload.amount) };
    case 'showChanged':
      return {
        ...base,
        thing3: thing(`${payload.cinema ?? ''} ${payload.seats ?? ''}`),
        time5: text(payload.startAt),
      };
    case 'ready':
      return { ...base, thing3: thing(payload.cinema), character_string4: text(payload.code) };
  }
}
