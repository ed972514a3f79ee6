import { sql, type Insertable } from 'kysely';
import type { PhoneCodePurpose } from '@marquee/contracts';
import type { Executor, PhoneChangeProofsTable, PhoneCodesTable } from '../../db/schema.js';

export function lockUser(trx: Executor, userId: string) {
  return trx
    .selectFrom('users')
    .select(['id', 'phone', 'phone_changed_at', 'pay_password_hash'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** The user's codes since `since` that count (their message was not refused), newest first. */
export function recentCodes(trx: Executor, userId: string, since: Date) {
  return trx
    .selectFrom('phone_codes')
    .select(['purpose', 'created_at'])
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .where('send_failed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Earlier live codes of the purpose stop working when a new one is sent. */
export function retireCodes(trx: Executor, userId: string, purpose: PhoneCodePurpose, now: Date) {
  return trx
    .updateTable('phone_codes')
    .set({ expires_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

export function insertCode(trx: Executor, row: Insertable<PhoneCodesTable>) {
  return trx.insertInto('phone_codes').values(row).returning('id').executeTakeFirstOrThrow();
}

/** The provider refused the code's message: it ends now and stops counting (decision 032). */
export function markSendFailed(db: Executor, codeId: string, now: Date) {
  return db
    .updateTable('phone_codes')
    .set((eb) => ({
      send_failed_at: now,
      expires_at: eb.fn<Date>('least', [eb.ref('expires_at'), eb.val(now)]),
    }))
    .where('id', '=', codeId)
    .execute();
}

/**
 * Count one try on the latest live code of the purpose, in one statement: concurrent tries each
 * count, and none gets past the 5th. Undefined when there is no live code left to try.
 */
export function countTry(db: Executor, userId: string, purpose: PhoneCodePurpose, now: Date) {
  return db
    .updateTable('phone_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where(
      'id',
      '=',
      db
        .selectFrom('phone_codes')
        .select('id')
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .orderBy('created_at', 'desc')
        .limit(1),
    )
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', sql<number>`5`)
    .returning(['id', 'phone', 'code_hash', 'attempts'])
    .executeTakeFirst();
}

export async function markUsed(trx: Executor, codeId: string, now: Date): Promise<boolean> {
  const used = await trx
    .updateTable('phone_codes')
    .set({ used_at: now })
    .where('id', '=', codeId)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
}

/** Bind the phone; `changedAt` starts the wait before a pay password reset by SMS (or keeps it). */
export function setUserPhone(trx: Executor, userId: string, phone: string, changedAt: Date | null) {
  return trx
    .updateTable('users')
    .set({ phone, phone_changed_at: changedAt })
    .where('id', '=', userId)
    .execute();
}

export function findPhoneChangedAt(db: Executor, userId: string, lock: boolean) {
  const query = db.selectFrom('users').select(['phone_changed_at']).where('id', '=', userId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export function insertChangeProof(trx: Executor, row: Insertable<PhoneChangeProofsTable>) {
  return trx.insertInto('phone_change_proofs').values(row).execute();
}

/**
 * Take a live, unused proof of the user's bound phone `phone`, in one statement (two binds with
 * one proof: one gets it). Undefined when there is none.
 */
export function useChangeProof(
  trx: Executor,
  userId: string,
  proofHash: string,
  phone: string,
  now: Date,
) {
  return trx
    .updateTable('phone_change_proofs')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('proof_hash', '=', proofHash)
    .where('phone', '=', phone)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'method'])
    .executeTakeFirst();
}
