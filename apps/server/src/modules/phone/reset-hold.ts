import { PHONE_CHANGE_RESET_HOLD_SECONDS } from '@marquee/contracts';
import type { Executor } from '../../db/schema.js';
import { addSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { localDateTimeOf } from '../../lib/local-date.js';
import * as phoneRepository from './phone.repository.js';
import { recordSecurityEvent } from './security-log.js';

/*
 * After the bound phone changes (or a first phone is bound to an account that already has a pay
 * password), a pay password reset by SMS waits 24 hours: whoever changed the phone with a stolen
 * session cannot then reset the pay password through the new number (decision 038).
 */

/** When a reset by SMS opens again, or null when it is open. */
export function resetOpensAt(phoneChangedAt: Date | null, now: Date): Date | null {
  if (!phoneChangedAt) return null;
  const opensAt = addSeconds(phoneChangedAt, PHONE_CHANGE_RESET_HOLD_SECONDS);
  return opensAt > now ? opensAt : null;
}

/** The refusal while the wait runs, saying when it ends in China time; null when it is over. */
export function resetHoldError(phoneChangedAt: Date | null, now: Date): AppError | null {
  const opensAt = resetOpensAt(phoneChangedAt, now);
  if (!opensAt) return null;
  return new AppError('PAY_PASSWORD_RESET_HELD', {
    opensAt: opensAt.toISOString(),
    // No retryAfterSeconds: a day is not a countdown for a button; the message says when.
    opensAtText: localDateTimeOf(opensAt),
  });
}

/**
 * Refuse a pay password reset by SMS while the wait runs. Outside a transaction (`lockRow`
 * false) the refusal is written to the security log in a statement of its own; inside the reset's
 * transaction (`lockRow` true, the user's row locked against a change at the same moment) it is
 * only thrown, as that transaction rolls back.
 */
export async function assertResetNotHeld(
  db: Executor,
  userId: string,
  now: Date,
  options: { lockRow: boolean },
): Promise<void> {
  const row = await phoneRepository.findPhoneChangedAt(db, userId, options.lockRow);
  const held = resetHoldError(row?.phone_changed_at ?? null, now);
  if (!held) return;
  if (!options.lockRow) await recordSecurityEvent(db, userId, 'payPasswordResetRefused', now);
  throw held;
}
