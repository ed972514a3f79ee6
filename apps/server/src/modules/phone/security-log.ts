import { maskPhone, type CardSecurityEventKind } from '@marquee/contracts';
import type { Executor } from '../../db/schema.js';

/**
 * The account's security log (card_security_events), which the moviegoer reads on 账户安全: pay
 * password set, changed, reset, locked; phone bound or changed (with the number it replaced); a
 * reset by SMS refused while a phone change is recent. Written in the transaction of the change
 * it records (the lock: in the statement's own autocommit, like the failure count).
 */
export async function recordSecurityEvent(
  db: Executor,
  userId: string,
  kind: CardSecurityEventKind,
  at: Date,
  phone: string | null = null,
  previousPhone: string | null = null,
): Promise<void> {
  await db
    .insertInto('card_security_events')
    .values({ user_id: userId, kind, phone, previous_phone: previousPhone, created_at: at })
    .execute();
}

export async function listSecurityEvents(db: Executor, userId: string, limit = 50) {
  const rows = await db
    .selectFrom('card_security_events')
    .select(['kind', 'phone', 'previous_phone', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    at: row.created_at.toISOString(),
    maskedPhone: row.phone ? maskPhone(row.phone) : null,
    maskedPreviousPhone: row.previous_phone ? maskPhone(row.previous_phone) : null,
  }));
}
