import { seatNames, type Message } from '@marquee/contracts';
import { getLang } from '@/lib/i18n/i18n';
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
  // A film's messages name the show's date and time (a store order has none); a show's change
  // reads by what changed (cancelled, seats moved, new time).
  const key =
    message.kind === 'showChanged'
      ? (`${message.change ?? 'time'}Body` as const)
      : message.kind === 'refunded' && message.startAt
        ? ('refundedShowBody' as const)
        : (`${message.kind}Body` as const);
  return noticesMessages.translate(key, {
    title: message.title,
    cinema: message.cinema,
    seats: message.seats ? seatNames(message.seats.split(' ').filter(Boolean), getLang()) : '',
    code: message.code ?? '',
    amount: message.amount,
    time: message.startAt ? showStartText(message.startAt) : '',
  });
}
