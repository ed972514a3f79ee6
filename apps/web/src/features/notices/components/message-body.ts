import type { Message } from '@marquee/contracts';
import { cinemaDateOf, cinemaTimeOf, dateLabel } from '@/lib/show-time';
import { noticesMessages } from '../notices-messages';

/**
 * A show's start as the cinema's clock reads it ("11月22日 19:30"): the cinemas are in China, and
 * a phone set to another zone must not move the show.
 */
export function showStartText(startAt: string): string {
  const date = cinemaDateOf(startAt);
  return `${dateLabel(date, date).monthDay} ${cinemaTimeOf(startAt)}`;
}

/** The text of one message of 我的 → 消息. */
export function messageBody(message: Message): string {
  // A show's change reads by what changed (cancelled, seats moved, new time).
  const key = message.kind === 'showChanged' ? (message.change ?? 'time') : message.kind;
  return noticesMessages.translate(`${key}Body`, {
    title: message.title,
    cinema: message.cinema,
    seats: message.seats ?? '',
    code: message.code ?? '',
    amount: message.amount,
    time: message.startAt ? showStartText(message.startAt) : '',
  });
}
