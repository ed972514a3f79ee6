import { maskPhone, type CardSecurityEventKind } from '@marquee/contracts';
import type { Executor } from '../../db/schema.js';

/**
 * The account's security log (card_security_events), which the moviegoer reads on 我的: pay
 * password set, changed, reset, locked; phone bound. Written in the transaction of the change
 * it records (the lock: in the statement's own autocommit, like the failure count).
 */
export async function recordSecurityEvent(
  db: Executor,
  userId: string,
  kind: CardSecurityEventKind,
  at: Date,
  phone: string | null = null,
): Promise<void> {
  await db
    .insertInto('card_security_events')
    .values({ user_id: userId, kind, phone, created_at: at })
    .execute();
}

export async function listSecurityEvents(db: Executor, userId: string, limit = 50) {
  const rows = await db
    .selectFrom('card_security_events')
    .select(['kind', 'phone', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    at: row.created_at.toISOString(),
    maskedPhone: row.phone ? maskPhone(row.phone) : null,
  }));
}
