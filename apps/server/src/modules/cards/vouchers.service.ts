import { randomInt } from 'node:crypto';
import { fenToYuan, type CallAnswer, type CallBody, type chargingCall } from '@marquee/contracts';
import type { AppDeps } from '../../app-deps.js';
import { addSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { SignedInUser } from '../auth/index.js';
import * as cardsRepository from './cards.repository.js';
import { verifyVoucherPassword } from './voucher-secret.js';
import * as vouchersRepository from './vouchers.repository.js';

/** Failed voucher tries allowed per user, and per voucher number, in the window. */
export const VOUCHER_MAX_FAILURES = 5;
export const VOUCHER_WINDOW_SECONDS = 15 * 60;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'payPasswordPepper'>;

/**
 * Spec §7 `expenseRecord/charging`: recharge with a top-up voucher. The value goes to the user's
 * card of the voucher's type (a card is opened if there is none). A wrong number and a wrong
 * password get the same VOUCHER_INVALID; five failures in 15 minutes, by the user or on the
 * number, answer RATE_LIMITED until the oldest of them leaves the window.
 */
export async function rechargeWithVoucher(
  deps: Deps,
  user: SignedInUser,
  body: CallBody<typeof chargingCall>,
): Promise<CallAnswer<typeof chargingCall>> {
  const cardNo = body.id.trim();
  const now = deps.clock.now();
  await assertNotThrottled(deps, user, cardNo, now);

  // The hash runs outside any transaction; an unknown number is compared against a decoy.
  const voucher = await vouchersRepository.findVoucher(deps.db, user.siteId, cardNo);
  const isRight = await verifyVoucherPassword(
    deps.payPasswordPepper,
    { siteId: user.siteId, cardNo, stored: voucher?.password_hash ?? null },
    body.password.trim(),
  );
  if (!voucher || !isRight) {
    await vouchersRepository.recordFailure(deps.db, {
      siteId: user.siteId,
      userId: user.id,
      cardNo,
      at: now,
      forgetBefore: addSeconds(now, -VOUCHER_WINDOW_SECONDS),
    });
    throw new AppError('VOUCHER_INVALID');
  }
  refuseUnredeemable(voucher, now);

  return deps.db.transaction().execute(async (trx) => {
    await vouchersRepository.lockUser(trx, user.id);
    // A card holds what its type pays for ('film', 'goods', 'general'), as payments match it.
    const type = await vouchersRepository.cardTypeOf(trx, user.siteId, voucher.card_type);
    const paysFor = type?.pays_for ?? voucher.card_type;
    let card = await vouchersRepository.findCardForType(trx, user.siteId, user.id, paysFor);
    const isNewCard = !card;
    card ??= await openCard(trx, user, { name: type?.name ?? paysFor, paysFor }, now);
    const claimed = await vouchersRepository.claimVoucher(trx, {
      voucherId: voucher.id,
      userId: user.id,
      cardId: card.id,
      at: now,
    });
    if (!claimed) {
      // Used, voided or expired since it was read: say which.
      const current = await vouchersRepository.findVoucher(trx, user.siteId, cardNo);
      if (current) refuseUnredeemable(current, now);
      throw new AppError('VOUCHER_USED');
    }
    const balanceAfterFen = await cardsRepository.moveBalance(trx, card.id, claimed.amount_fen);
    if (balanceAfterFen === undefined) throw new Error(`card ${card.id} vanished`);
    await cardsRepository.appendLedger(trx, {
      cardId: card.id,
      siteId: user.siteId,
      userId: user.id,
      kind: 'recharge',
      amountFen: claimed.amount_fen,
      balanceAfterFen,
      voucherId: voucher.id,
      reason: `top-up card ${cardNo}`,
      createdAt: now,
    });
    return {
      card: {
        id: card.id,
        cardNo: card.card_no,
        name: card.name,
        cardTypeList: card.card_types,
        balance: fenToYuan(balanceAfterFen),
      },
      amount: fenToYuan(claimed.amount_fen),
      isNewCard,
    };
  });
}

function refuseUnredeemable(
  voucher: { used_at: Date | null; voided_at: Date | null; expires_at: Date | null },
  now: Date,
): void {
  if (voucher.used_at) throw new AppError('VOUCHER_USED');
  if (voucher.voided_at) throw new AppError('VOUCHER_NOT_REDEEMABLE', { problem: 'voided' });
  if (voucher.expires_at && voucher.expires_at <= now) {
    throw new AppError('VOUCHER_NOT_REDEEMABLE', { problem: 'expired' });
  }
}

async function assertNotThrottled(deps: Deps, user: SignedInUser, cardNo: string, now: Date) {
  const since = addSeconds(now, -VOUCHER_WINDOW_SECONDS);
  const lists = await vouchersRepository.recentFailures(deps.db, {
    siteId: user.siteId,
    userId: user.id,
    cardNo,
    since,
  });
  // The window opens again when the failure that made the count reach the limit leaves it.
  const freeAt = lists
    .filter((failures) => failures.length >= VOUCHER_MAX_FAILURES)
    .map((failures) => failures[failures.length - VOUCHER_MAX_FAILURES]!.created_at.getTime())
    .map((oldest) => oldest + VOUCHER_WINDOW_SECONDS * 1000);
  if (freeAt.length > 0) {
    throw new AppError('RATE_LIMITED', {
      retryAfterSeconds: Math.max(1, Math.ceil((Math.max(...freeAt) - now.getTime()) / 1000)),
    });
  }
}

/** A new 16-digit card number: '66' and 14 random digits; drawn again on the rare collision. */
async function openCard(
  trx: Parameters<typeof vouchersRepository.insertCard>[0],
  user: SignedInUser,
  type: { name: string; paysFor: string },
  now: Date,
) {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const digits = Array.from({ length: 14 }, () => randomInt(10)).join('');
    const card = await vouchersRepository.insertCard(trx, {
      siteId: user.siteId,
      userId: user.id,
      cardNo: `66${digits}`,
      name: type.name,
      cardType: type.paysFor,
      at: now,
    });
    if (card) return card;
  }
  throw new Error('could not draw a free card number');
}
