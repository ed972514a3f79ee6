import {
  FIRST_PAY_PASSWORD_FRESH_SIGN_IN_SECONDS,
  maskPhone,
  PAY_PASSWORD_LOCK_SECONDS,
  PAY_PASSWORD_MAX_FAILURES,
  PAY_PAYLOAD_MAX_AGE_SECONDS,
  PAY_PAYLOAD_MAX_FUTURE_SECONDS,
  payPasswordPayloadSchema,
  payPasswordProblem,
  type CallAnswer,
  type CallBody,
  type FirstPayPasswordProof,
  type firstPayPasswordProofCall,
  type PayPasswordPayload,
  type payKeyCall,
  type resetPayPasswordCall,
  type setPayPasswordCall,
} from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { addSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { isFreshAuthorisation, type SignedInUser } from '../auth/index.js';
import {
  assertResetNotHeld,
  checkPhoneCode,
  recordSecurityEvent,
  useCheckedCode,
} from '../phone/index.js';
import type { SiteRow } from '../site/index.js';
import { hashSecret, verifySecret } from './password-hash.js';
import { PAY_KEY_ALGORITHM, decryptWithPayKey, getPayKey } from './pay-key.js';
import * as payPasswordRepository from './pay-password.repository.js';

export type PayPasswordDeps = Pick<AppDeps, 'db' | 'clock' | 'payPasswordPepper'>;

/** The public half of the pay password key (GET /api/security/payKey). */
export async function publishPayKey(deps: PayPasswordDeps): Promise<CallAnswer<typeof payKeyCall>> {
  const key = await getPayKey(deps.db, deps.payPasswordPepper);
  return { keyId: key.keyId, spki: key.spki, algorithm: PAY_KEY_ALGORITHM };
}

/**
 * Check the pay password a paying call sent (base64 RSA-OAEP of `{ password, timestamp, nonce }`).
 * Returns nothing when it is right; throws PAYLOAD_STALE (cannot be opened, older than 5 min,
 * more than 1 min ahead, or replayed), PAY_PASSWORD_LOCKED (with retryAfterSeconds),
 * PAY_PASSWORD_NOT_SET, or PAY_PASSWORD_WRONG (with triesLeft).
 *
 * It writes through `deps.db` in statements of its own (the replay guard, the failure count), so
 * they persist whatever happens next: call it BEFORE opening the payment's transaction (on PGlite
 * using deps.db inside a transaction deadlocks). `_site` is kept for per-site keys later.
 */
export async function verifyPayPassword(
  deps: PayPasswordDeps,
  _site: Pick<SiteRow, 'id'>,
  user: Pick<SignedInUser, 'id'>,
  encryptedPayload: string,
): Promise<void> {
  const payload = await openPayload(deps, encryptedPayload);
  await checkPassword(deps, user.id, payload.password);
}

/**
 * Set the pay password, or change it (then `oldPassword` must be right; wrong tries count). A
 * first one on an account holding card money takes a second proof (decision 046): `code`, a
 * `firstPayPassword` code texted to the bound phone, or, with no phone, a session made by a WeChat
 * authorisation in the last 10 minutes. Without it FIRST_PAY_PASSWORD_NEEDS_PROOF, before the
 * payload is opened. Under the user's row lock the first one is stored only while there is none,
 * and the proof is asked again (money or a phone may have arrived meanwhile).
 */
export async function setPayPassword(
  deps: PayPasswordDeps,
  user: Pick<SignedInUser, 'id' | 'sessionId'>,
  body: CallBody<typeof setPayPasswordCall>,
): Promise<CallAnswer<typeof setPayPasswordCall>> {
  const state = await payPasswordRepository.findPayPasswordState(deps.db, user.id);
  if (!state) throw new AppError('SESSION_INVALID');
  const isFirst = !state.pay_password_hash;
  if (isFirst) await firstPasswordProof(deps, user, state.phone, body.code, { checkCode: false });
  const next = await openPayload(deps, body.password);
  const problem = payPasswordProblem(next.password);
  if (problem) throw new AppError('PAY_PASSWORD_WEAK', { reason: problem });
  if (!isFirst) {
    if (!body.oldPassword)
      throw new AppError('VALIDATION_FAILED', { fields: ['body.oldPassword'] });
    const old = await openPayload(deps, body.oldPassword);
    await checkPassword(deps, user.id, old.password);
  }
  const checked = isFirst
    ? await firstPasswordProof(deps, user, state.phone, body.code, { checkCode: true })
    : null;
  const hash = await hashSecret(next.password, deps.payPasswordPepper);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (isFirst) {
      const locked = await payPasswordRepository.lockPayPasswordState(trx, user.id);
      // Another first set won meanwhile: this one is now a change, which needs the old password.
      if (!locked || locked.pay_password_hash) {
        throw new AppError('VALIDATION_FAILED', { fields: ['body.oldPassword'] });
      }
      if (checked) {
        await useCheckedCode(trx, checked.id, now);
      } else {
        await firstPasswordProof({ ...deps, db: trx }, user, locked.phone, undefined, {
          checkCode: false,
        });
      }
    }
    await payPasswordRepository.storePayPassword(trx, user.id, hash);
    await recordSecurityEvent(trx, user.id, isFirst ? 'payPasswordSet' : 'payPasswordChanged', now);
  });
  return { hasPayPassword: true };
}

/** What a first pay password needs besides the session (GET /userInfo/card/firstPasswordProof). */
export async function describeFirstPasswordProof(
  deps: PayPasswordDeps,
  user: Pick<SignedInUser, 'id' | 'sessionId'>,
): Promise<CallAnswer<typeof firstPayPasswordProofCall>> {
  const state = await payPasswordRepository.findPayPasswordState(deps.db, user.id);
  if (!state) throw new AppError('SESSION_INVALID');
  if (state.pay_password_hash) return { proof: 'none', maskedPhone: null };
  const needed = await neededProof(deps, user, state.phone);
  return { proof: needed, maskedPhone: state.phone ? maskPhone(state.phone) : null };
}

/**
 * The second proof of a first pay password, when the account holds card money: null when none is
 * needed or a fresh WeChat authorisation gives it; the checked code (used by the caller in its
 * transaction) when `checkCode`; else only whether a code was sent at all.
 */
async function firstPasswordProof(
  deps: PayPasswordDeps,
  user: Pick<SignedInUser, 'id' | 'sessionId'>,
  phone: string | null,
  code: string | undefined,
  options: { checkCode: boolean },
): Promise<{ id: string } | null> {
  const needed = await neededProof(deps, user, phone);
  if (needed === 'none') return null;
  if (needed === 'wechatAuthorisation') {
    throw new AppError('FIRST_PAY_PASSWORD_NEEDS_PROOF', { proof: needed });
  }
  if (!code || !phone) {
    throw new AppError('FIRST_PAY_PASSWORD_NEEDS_PROOF', {
      proof: needed,
      maskedPhone: phone ? maskPhone(phone) : null,
    });
  }
  return options.checkCode ? checkPhoneCode(deps, user.id, 'firstPayPassword', code) : null;
}

/** `none` without card money or with a fresh WeChat authorisation (and no phone). */
async function neededProof(
  deps: PayPasswordDeps,
  user: Pick<SignedInUser, 'id' | 'sessionId'>,
  phone: string | null,
): Promise<FirstPayPasswordProof> {
  if (!(await payPasswordRepository.hasCardMoney(deps.db, user.id))) return 'none';
  if (phone) return 'phoneCode';
  const now = deps.clock.now();
  const seconds = FIRST_PAY_PASSWORD_FRESH_SIGN_IN_SECONDS;
  const isFresh = await isFreshAuthorisation(deps.db, user.sessionId, now, seconds);
  return isFresh ? 'none' : 'wechatAuthorisation';
}

/**
 * 忘记支付密码: a new pay password with a code sent to the bound phone instead of the old one.
 * Ends a lockout; written to the security log. The code is checked (each try counted) before
 * the transaction and used inside it, so two resets with one code give one. Refused for 24 hours
 * after the bound phone changed (PAY_PASSWORD_RESET_HELD, decision 038), checked again under the
 * user's row lock so a change at the same moment cannot slip between.
 */
export async function resetPayPassword(
  deps: PayPasswordDeps,
  user: Pick<SignedInUser, 'id'>,
  body: CallBody<typeof resetPayPasswordCall>,
): Promise<CallAnswer<typeof resetPayPasswordCall>> {
  const next = await openPayload(deps, body.password);
  const problem = payPasswordProblem(next.password);
  if (problem) throw new AppError('PAY_PASSWORD_WEAK', { reason: problem });
  await assertResetNotHeld(deps.db, user.id, deps.clock.now(), { lockRow: false });
  const checked = await checkPhoneCode(deps, user.id, 'payPasswordReset', body.code);
  const hash = await hashSecret(next.password, deps.payPasswordPepper);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await assertResetNotHeld(trx, user.id, now, { lockRow: true });
    await useCheckedCode(trx, checked.id, now);
    await payPasswordRepository.storePayPassword(trx, user.id, hash);
    await recordSecurityEvent(trx, user.id, 'payPasswordReset', now);
  });
  return { hasPayPassword: true };
}

/** Decrypt, parse, and refuse stale or replayed payloads. */
export async function openPayload(
  deps: PayPasswordDeps,
  encrypted: string,
): Promise<PayPasswordPayload> {
  const key = await getPayKey(deps.db, deps.payPasswordPepper);
  const plain = decryptWithPayKey(key, encrypted);
  if (!plain) throw new AppError('PAYLOAD_STALE', { reason: 'undecryptable' });
  let parsed: ReturnType<typeof payPasswordPayloadSchema.safeParse>;
  try {
    parsed = payPasswordPayloadSchema.safeParse(JSON.parse(plain.toString('utf8')));
  } catch {
    throw new AppError('PAYLOAD_STALE', { reason: 'malformed' });
  }
  if (!parsed.success) throw new AppError('PAYLOAD_STALE', { reason: 'malformed' });
  const payload = parsed.data;
  const now = deps.clock.now();
  const ageSeconds = (now.getTime() - payload.timestamp) / 1000;
  if (ageSeconds > PAY_PAYLOAD_MAX_AGE_SECONDS || ageSeconds < -PAY_PAYLOAD_MAX_FUTURE_SECONDS) {
    throw new AppError('PAYLOAD_STALE', { reason: 'expired' });
  }
  const expiresAt = addSeconds(new Date(payload.timestamp), PAY_PAYLOAD_MAX_AGE_SECONDS + 1);
  const isFirstUse = await payPasswordRepository.consumeNonce(
    deps.db,
    payload.nonce,
    expiresAt,
    now,
  );
  if (!isFirstUse) throw new AppError('PAYLOAD_STALE', { reason: 'replayed' });
  return payload;
}

/** Compare with the stored hash under the lockout: 5 wrong tries lock for 15 minutes. */
async function checkPassword(deps: PayPasswordDeps, userId: string, password: string) {
  const now = deps.clock.now();
  const state = await payPasswordRepository.findPayPasswordState(deps.db, userId);
  if (!state) throw new AppError('SESSION_INVALID');
  assertNotLocked(state.pay_password_locked_until, now);
  if (!state.pay_password_hash) throw new AppError('PAY_PASSWORD_NOT_SET');
  const isRight =
    /^\d{6}$/.test(password) &&
    (await verifySecret(password, state.pay_password_hash, deps.payPasswordPepper));
  if (isRight) {
    if (state.pay_password_failures > 0 || state.pay_password_locked_until) {
      await payPasswordRepository.clearFailures(deps.db, userId);
    }
    return;
  }
  // Its own statement on deps.db (autocommit): the count stays when a payment rolls back.
  const counted = await payPasswordRepository.recordFailure(
    deps.db,
    userId,
    PAY_PASSWORD_MAX_FAILURES,
    addSeconds(now, PAY_PASSWORD_LOCK_SECONDS),
  );
  if (counted.pay_password_locked_until && counted.pay_password_locked_until > now) {
    // This try set the lock: the security log says when (its own statement, like the count).
    await recordSecurityEvent(deps.db, userId, 'payPasswordLocked', now);
  }
  assertNotLocked(counted.pay_password_locked_until, now);
  throw new AppError('PAY_PASSWORD_WRONG', {
    triesLeft: PAY_PASSWORD_MAX_FAILURES - counted.pay_password_failures,
  });
}

function assertNotLocked(lockedUntil: Date | null, now: Date) {
  if (lockedUntil && lockedUntil.getTime() > now.getTime()) {
    throw new AppError('PAY_PASSWORD_LOCKED', {
      retryAfterSeconds: Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000),
      lockedUntil: lockedUntil.toISOString(),
    });
  }
}
