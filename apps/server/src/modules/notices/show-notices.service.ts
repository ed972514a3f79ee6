import { maskPhone } from '@marquee/contracts';
import type { ShowNotice } from '@marquee/contracts/console';
import type { Executor } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import * as noticesRepository from './notices.repository.js';

type ShowNoticeRow = Awaited<ReturnType<typeof noticesRepository.listForShow>>[number];

/** The console's panel of a show (the caller checked the staff may see it): every buyer's notices. */
export async function listShowNotices(
  db: Executor,
  showId: string,
): Promise<{ list: ShowNotice[] }> {
  const rows = await noticesRepository.listForShow(db, showId);
  return { list: rows.map(showNoticeOf) };
}

/** Staff send one notice of the show again; refused while a worker is sending it. */
export async function resendShowNotice(
  db: Executor,
  showId: string,
  noticeId: string,
  now: Date,
): Promise<ShowNotice> {
  const rows = await noticesRepository.listForShow(db, showId);
  if (!rows.some((row) => row.id === noticeId)) throw notFound('Notice', '通知');
  if (!(await noticesRepository.resend(db, noticeId, now))) throw new AppError('NOTICE_BEING_SENT');
  const fresh = await noticesRepository.listForShow(db, showId);
  return showNoticeOf(fresh.find((row) => row.id === noticeId)!);
}

function showNoticeOf(row: ShowNoticeRow): ShowNotice {
  const payload = row.payload;
  return {
    noticeId: row.id,
    orderNo: payload.orderNo ?? '',
    phone: row.phone ? maskPhone(row.phone) : null,
    kind: row.kind,
    change: payload.change ?? null,
    text: payload.text ?? [payload.title, payload.cinema, payload.seats].filter(Boolean).join(' '),
    wechat: row.state,
    sms: row.sms_state,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at ? row.sent_at.toISOString() : null,
  };
}
