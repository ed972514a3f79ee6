import { createHmac } from 'node:crypto';
import {
  maskPhone,
  PHONE_CHANGE_PROOF_TTL_SECONDS,
  type bindPhoneCall,
  type CallAnswer,
  type CallBody,
  type proveBoundPhoneCall,
} from '@marquee/contracts';
import type { SignedInUser, SiteRow } from '../../app-deps.js';
import { addSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { localDateTimeOf } from '../../lib/local-date.js';
import { randomToken } from '../../lib/tokens.js';
import { checkPhoneCode, useCheckedCode, type SendDeps } from './phone-codes.service.js';
import * as phoneRepository from './phone.repository.js';
import { resetOpensAt } from './reset-hold.js';
import { recordSecurityEvent } from './security-log.js';
import { sendPhoneChangedSms } from './sms.js';

/*
 * The bound phone is a second factor (decision 038): binding a first phone takes a code texted to
 * it, as before; changing a bound phone also takes a proof of the old one (a code texted to it, or
 * the pay password). The change starts the 24-hour wait before a pay password reset by SMS, is
 * written to the security log, and is texted to the old number.
 */

/** Checks the pay password a call sent (modules/cards, handed in by app.ts). */
export type PayPasswordCheck = (
  site: SiteRow,
  user: Pick<SignedInUser, 'id'>,
  encryptedPayload: string,
) => Promise<void>;

/**
 * Prove the bound phone before changing it: with a `changePhone` code texted to it, or with the
 * pay password (its wrong tries count towards the pay password's lockout). Answers a proof the
 * bind takes once, within 10 minutes; only its keyed hash is stored.
 */
export async function proveBoundPhone(
  deps: SendDeps & { checkPayPassword: PayPasswordCheck },
  site: SiteRow,
  user: Pick<SignedInUser, 'id' | 'phone'>,
  body: CallBody<typeof proveBoundPhoneCall>,
): Promise<CallAnswer<typeof proveBoundPhoneCall>> {
  if (!user.phone) throw new AppError('PHONE_NOT_BOUND');
  const bound = user.phone;
  let checkedCodeId: string | null = null;
  if ('code' in body) {
    const checked = await checkPhoneCode(deps, user.id, 'changePhone', body.code);
    // A code texted to a number that is no longer bound proves nothing about the account now.
    if (checked.phone !== bound) throw new AppError('PHONE_CODE_EXPIRED');
    checkedCodeId = checked.id;
  } else {
    await deps.checkPayPassword(site, user, body.payPassword);
  }
  const proof = randomToken();
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    if (checkedCodeId) await useCheckedCode(trx, checkedCodeId, now);
    await phoneRepository.insertChangeProof(trx, {
      user_id: user.id,
      proof_hash: proofHash(deps.payPasswordPepper, user.id, proof),
      method: checkedCodeId ? 'oldPhoneCode' : 'payPassword',
      phone: bound,
      expires_at: addSeconds(now, PHONE_CHANGE_PROOF_TTL_SECONDS),
      created_at: now,
    });
  });
  return {
    proof,
    expiresInSeconds: PHONE_CHANGE_PROOF_TTL_SECONDS,
    maskedPhone: maskPhone(bound),
  };
}

/**
 * Bind a phone with a code texted to it. Changing a bound phone also takes the proof of the old
 * one; the old number then gets a text saying so (after the commit: no network inside a
 * transaction; a text that does not go out is logged, the change stands).
 */
export async function bindPhone(
  deps: SendDeps,
  site: SiteRow,
  user: Pick<SignedInUser, 'id'>,
  body: CallBody<typeof bindPhoneCall>,
): Promise<CallAnswer<typeof bindPhoneCall>> {
  const checked = await checkPhoneCode(deps, user.id, 'bindPhone', body.code);
  // The code was sent to one number: it proves that one only.
  if (checked.phone !== body.phone) throw new AppError('PHONE_CODE_EXPIRED');
  const now = deps.clock.now();
  const bound = await deps.db.transaction().execute(async (trx) => {
    const account = await phoneRepository.lockUser(trx, user.id);
    if (!account) throw new AppError('SESSION_INVALID');
    const previous = account.phone;
    const isChange = previous !== null && previous !== body.phone;
    if (isChange) {
      const proof = body.proof
        ? await phoneRepository.useChangeProof(
            trx,
            user.id,
            proofHash(deps.payPasswordPepper, user.id, body.proof),
            previous,
            now,
          )
        : undefined;
      if (!proof) throw new AppError('PHONE_CHANGE_NEEDS_PROOF');
    }
    await useCheckedCode(trx, checked.id, now);
    if (previous === body.phone) return { previous: null, changedAt: account.phone_changed_at };
    // A first phone on an account that has a pay password waits like a change: it would
    // otherwise be the way to a reset for whoever holds the session.
    const startsWait = isChange || account.pay_password_hash !== null;
    const changedAt = startsWait ? now : account.phone_changed_at;
    await phoneRepository.setUserPhone(trx, user.id, body.phone, changedAt);
    await recordSecurityEvent(
      trx,
      user.id,
      isChange ? 'phoneChanged' : 'phoneBound',
      now,
      body.phone,
      previous,
    );
    return { previous: isChange ? previous : null, changedAt };
  });
  if (bound.previous) await tellOldPhone(deps, site, bound.previous, body.phone, now);
  const opensAt = resetOpensAt(bound.changedAt, now);
  return {
    maskedPhone: maskPhone(body.phone),
    payPasswordResetOpensAt: opensAt ? opensAt.toISOString() : null,
  };
}

async function tellOldPhone(
  deps: SendDeps,
  site: SiteRow,
  oldPhone: string,
  newPhone: string,
  at: Date,
): Promise<void> {
  const outcome = await sendPhoneChangedSms(deps, site, oldPhone, {
    atText: localDateTimeOf(at).slice(5),
    maskedNewPhone: maskPhone(newPhone),
  }).catch((error: unknown) => ({ status: 'failed' as const, error }));
  if (outcome.status === 'sent') return;
  deps.log?.warn(
    {
      site: site.code,
      provider: site.sms_provider,
      providerCode: 'providerCode' in outcome ? outcome.providerCode : null,
    },
    'the text telling the old number of a phone change did not go out',
  );
}

function proofHash(pepper: string, userId: string, proof: string): string {
  return createHmac('sha256', pepper)
    .update(`phone-change-proof:${userId}:${proof}`)
    .digest('base64url');
}
