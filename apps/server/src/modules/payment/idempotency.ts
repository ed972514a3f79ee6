import { createHash } from 'node:crypto';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/errors.js';
import type { SignedInUser } from '../auth/index.js';
import * as paymentRepository from './payment.repository.js';

/**
 * Idempotency of the paying calls. A key names one attempt to pay: the first request with it
 * claims it (a unique index on (user, key) decides between concurrent duplicates), the answer is
 * stored in the same transaction as the charge, and any later request with the key replays that
 * answer. A request whose attempt failed before charging anything gives the key back, so the
 * same key may retry; a request with the key of a different request is refused.
 */

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** An attempt claimed but never answered this long ago was abandoned (a crash): reclaim it. */
const ABANDONED_AFTER_SECONDS = 120;

export function requireIdempotencyKey(key: string | undefined): string {
  if (!key || !KEY_PATTERN.test(key)) {
    throw new AppError('VALIDATION_FAILED', {
      fields: ['header.Idempotency-Key'],
      reason: 'a paying call needs an Idempotency-Key header of 8-64 letters, digits, _ or -',
    });
  }
  return key;
}

/** A fingerprint of what is being paid (the password payload excluded: it is new on every try). */
export function requestHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

export type Claim<A> =
  { attemptId: string; replay?: undefined } | { attemptId?: undefined; replay: A };

/** Claim the key for this request, or find the answer it already had. */
export async function claimOrReplay<A>(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: Pick<SignedInUser, 'id' | 'siteId'>,
  input: { key: string; call: 'card' | 'wechat' | 'counter'; orderId: string; hash: string },
): Promise<Claim<A>> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const claim = () =>
      paymentRepository.claimAttempt(trx, {
        siteId: user.siteId,
        userId: user.id,
        key: input.key,
        call: input.call,
        orderId: input.orderId,
        requestHash: input.hash,
        createdAt: now,
      });
    const attemptId = await claim();
    if (attemptId) return { attemptId };
    const existing = await paymentRepository.findAttempt(trx, user.id, input.key);
    if (!existing) throw new AppError('PAYMENT_IN_PROGRESS', {});
    if (existing.request_hash !== input.hash || existing.call !== input.call) {
      throw new AppError('CONFLICT', { reason: 'Idempotency-Key was used for another request' });
    }
    if (existing.answer !== null && existing.answer !== undefined) {
      return { replay: existing.answer as A };
    }
    const age = (now.getTime() - existing.created_at.getTime()) / 1000;
    if (age < ABANDONED_AFTER_SECONDS) throw new AppError('PAYMENT_IN_PROGRESS', {});
    await paymentRepository.deleteAttempt(trx, existing.id);
    const reclaimed = await claim();
    if (!reclaimed) throw new AppError('PAYMENT_IN_PROGRESS', {});
    return { attemptId: reclaimed };
  });
}

/** The attempt failed before charging anything: give the key back so a retry may use it. */
export async function releaseAttempt(deps: Pick<AppDeps, 'db'>, attemptId: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await paymentRepository.forgetAttemptKey(trx, attemptId);
    await paymentRepository.deleteUnansweredAttempt(trx, attemptId);
  });
}
