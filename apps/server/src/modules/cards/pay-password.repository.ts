import type { Insertable } from 'kysely';
import type { Executor, ServerKeysTable } from '../../db/schema.js';

export function findPayPasswordState(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select(['pay_password_hash', 'pay_password_failures', 'pay_password_locked_until', 'phone'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Whether any of the user's stored-value cards holds money. */
export async function hasCardMoney(db: Executor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('cards')
    .select('id')
    .where('user_id', '=', userId)
    .where('balance_fen', '>', 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The user's row, locked for the rest of the transaction; its pay password hash. */
export function lockPayPasswordState(trx: Executor, userId: string) {
  return trx
    .selectFrom('users')
    .select(['pay_password_hash', 'phone'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Count one wrong try; the `maxFailures`-th sets the lock and starts the count again. One
 * statement, so concurrent wrong tries each count.
 */
export function recordFailure(
  db: Executor,
  userId: string,
  maxFailures: number,
  lockedUntil: Date,
) {
  return db
    .updateTable('users')
    .set((eb) => ({
      pay_password_failures: eb
        .case()
        .when('pay_password_failures', '>=', maxFailures - 1)
        .then(0)
        .else(eb('pay_password_failures', '+', 1))
        .end(),
      pay_password_locked_until: eb
        .case()
        .when('pay_password_failures', '>=', maxFailures - 1)
        .then(lockedUntil)
        .else(eb.ref('pay_password_locked_until'))
        .end(),
    }))
    .where('id', '=', userId)
    .returning(['pay_password_failures', 'pay_password_locked_until'])
    .executeTakeFirstOrThrow();
}

export function clearFailures(db: Executor, userId: string) {
  return db
    .updateTable('users')
    .set({ pay_password_failures: 0, pay_password_locked_until: null })
    .where('id', '=', userId)
    .execute();
}

export function storePayPassword(db: Executor, userId: string, hash: string) {
  return db
    .updateTable('users')
    .set({ pay_password_hash: hash, pay_password_failures: 0, pay_password_locked_until: null })
    .where('id', '=', userId)
    .execute();
}

/** Accept a nonce once: false when it was seen before (a replayed payload). */
export async function consumeNonce(db: Executor, nonce: string, expiresAt: Date, now: Date) {
  await db.deleteFrom('pay_payload_nonces').where('expires_at', '<', now).execute();
  const row = await db
    .insertInto('pay_payload_nonces')
    .values({ nonce, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('nonce').doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return row !== undefined;
}

/** The stored key pair of one purpose (`server_keys`), if any. */
export function findServerKey(db: Executor, purpose: string) {
  return db
    .selectFrom('server_keys')
    .select(['id', 'public_spki', 'private_pkcs8'])
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/** Store a key pair unless its purpose already has one: the first insert wins. */
export async function insertServerKeyOnce(db: Executor, key: Insertable<ServerKeysTable>) {
  await db
    .insertInto('server_keys')
    .values(key)
    .onConflict((conflict) => conflict.column('purpose').doNothing())
    .execute();
}
