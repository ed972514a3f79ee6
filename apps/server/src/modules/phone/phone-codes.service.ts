import { createHmac, randomInt } from 'node:crypto';
import {
  maskPhone,
  PHONE_CODE_DAILY_LIMIT,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_TTL_SECONDS,
  type CallAnswer,
  type CallBody,
  type PhoneCodePurpose,
  type sendPhoneCodeCall,
} from '@marquee/contracts';
import type { AppDeps, SignedInUser, SiteRow } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { addSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import * as phoneRepository from './phone.repository.js';
import { resetHoldError } from './reset-hold.js';
import { recordSecurityEvent } from './security-log.js';
import { SANDBOX_SMS_PATH, sendCodeSms, smsChannelOf } from './sms.js';

export type Deps = Pick<AppDeps, 'db' | 'clock' | 'payPasswordPepper'>;
export type SendDeps = Deps &
  Pick<AppDeps, 'tencentCloud' | 'phoneCodeResendSeconds'> & { log?: SmsLog };

/** Where a refused send is reported: the cinema must fix its SMS settings. */
export interface SmsLog {
  warn(object: object, message: string): void;
}

/**
 * Send a 6-digit code by SMS: to the bound phone (pay password reset, proving it before a change)
 * or to the number being bound. A reset code is not sent while a phone change is recent. Under the user's row lock: one code a minute per purpose (`phoneCodeResendSeconds`) and 10 a day, whatever arrives
 * at once; an earlier unused code of the same purpose stops working. The message goes out after
 * the commit (no network inside a transaction). A message the provider surely did not send marks
 * its code failed: it never works and does not count towards those limits; one of unknown fate
 * (no answer) counts, as it may still arrive (decision 032).
 */
export async function sendPhoneCode(
  deps: SendDeps,
  site: SiteRow,
  user: Pick<SignedInUser, 'id'>,
  body: CallBody<typeof sendPhoneCodeCall>,
): Promise<CallAnswer<typeof sendPhoneCodeCall>> {
  if (!smsChannelOf(site)) throw new AppError('SMS_UNAVAILABLE');
  const now = deps.clock.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const sent = await deps.db.transaction().execute(async (trx) => {
    const account = await phoneRepository.lockUser(trx, user.id);
    if (!account) throw new AppError('SESSION_INVALID');
    const target = body.purpose === 'bindPhone' ? body.phone : account.phone;
    if (!target) throw new AppError('PHONE_NOT_BOUND');
    if (body.purpose === 'payPasswordReset') {
      const held = resetHoldError(account.phone_changed_at, now);
      if (held) return { held };
    }
    const recent = await phoneRepository.recentCodes(trx, user.id, addSeconds(now, -86_400));
    const lastOfPurpose = recent.find((row) => row.purpose === body.purpose);
    const resendAt = lastOfPurpose
      ? addSeconds(lastOfPurpose.created_at, deps.phoneCodeResendSeconds)
      : null;
    if (resendAt && resendAt > now) {
      throw new AppError('RATE_LIMITED', { retryAfterSeconds: secondsUntil(resendAt, now) });
    }
    if (recent.length >= PHONE_CODE_DAILY_LIMIT) {
      const oldest = recent[recent.length - 1]!.created_at;
      throw new AppError('RATE_LIMITED', {
        retryAfterSeconds: secondsUntil(addSeconds(oldest, 86_400), now),
      });
    }
    await phoneRepository.retireCodes(trx, user.id, body.purpose, now);
    const inserted = await phoneRepository.insertCode(trx, {
      user_id: user.id,
      purpose: body.purpose,
      phone: target,
      code_hash: codeHash(deps, user.id, target, code),
      expires_at: addSeconds(now, PHONE_CODE_TTL_SECONDS),
      created_at: now,
    });
    return { phone: target, codeId: inserted.id };
  });
  if ('held' in sent) {
    // Written in a statement of its own: the refusal is what the owner should see.
    await recordSecurityEvent(deps.db, user.id, 'payPasswordResetRefused', now);
    throw sent.held;
  }
  const { phone, codeId } = sent;
  const outcome = await sendCodeSms(deps, site, phone, { purpose: body.purpose, code });
  if (outcome.status !== 'sent') {
    if (outcome.status === 'notSent') {
      await phoneRepository.markSendFailed(deps.db, codeId, deps.clock.now());
    }
    deps.log?.warn(
      { site: site.code, provider: site.sms_provider, providerCode: outcome.providerCode },
      outcome.status === 'notSent' ? 'SMS provider refused a code' : 'SMS provider gave no answer',
    );
    // It may still arrive: the page waits the usual minute before offering a new one.
    throw outcome.status === 'unknown'
      ? new AppError('SMS_DELIVERY_UNKNOWN', { retryAfterSeconds: deps.phoneCodeResendSeconds })
      : outcome.error;
  }
  return {
    maskedPhone: maskPhone(phone),
    expiresInSeconds: PHONE_CODE_TTL_SECONDS,
    resendAfterSeconds: deps.phoneCodeResendSeconds,
    sandboxInboxUrl:
      site.messenger_mode === 'sandbox'
        ? `${SANDBOX_SMS_PATH}?phone=${encodeURIComponent(phone)}`
        : null,
  };
}

/**
 * Check a code the user typed against the latest live code of the purpose. Every try counts in a
 * statement of its own (it stays counted when the caller's transaction rolls back); the 5th wrong
 * try ends the code. Answers the code's id and phone: the caller marks it used with
 * `useCheckedCode` inside the transaction that acts on it.
 */
export async function checkPhoneCode(
  deps: Deps,
  userId: string,
  purpose: PhoneCodePurpose,
  code: string,
): Promise<{ id: string; phone: string }> {
  const now = deps.clock.now();
  const tried = await phoneRepository.countTry(deps.db, userId, purpose, now);
  if (!tried) throw new AppError('PHONE_CODE_EXPIRED');
  if (tried.code_hash !== codeHash(deps, userId, tried.phone, code)) {
    throw new AppError('PHONE_CODE_WRONG', {
      triesLeft: PHONE_CODE_MAX_ATTEMPTS - tried.attempts,
    });
  }
  return { id: tried.id, phone: tried.phone };
}

/** Mark a checked code used, inside the caller's transaction; refused when it was used meanwhile. */
export async function useCheckedCode(trx: Executor, codeId: string, now: Date): Promise<void> {
  if (!(await phoneRepository.markUsed(trx, codeId, now))) {
    throw new AppError('PHONE_CODE_EXPIRED');
  }
}

export function codeHash(
  deps: Pick<Deps, 'payPasswordPepper'>,
  userId: string,
  phone: string,
  code: string,
) {
  return createHmac('sha256', deps.payPasswordPepper)
    .update(`phone-code:${userId}:${phone}:${code}`)
    .digest('base64url');
}

function secondsUntil(at: Date, now: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
}
