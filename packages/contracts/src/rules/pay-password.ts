/** Rules of the 6-digit pay password, shared by the web form and the server. */

export const PAY_PASSWORD_LENGTH = 6;
/** Wrong tries before card payments lock, and for how long. */
export const PAY_PASSWORD_MAX_FAILURES = 5;
export const PAY_PASSWORD_LOCK_SECONDS = 15 * 60;
/** An encrypted password older than this, or this far in the future, is refused as stale. */
export const PAY_PAYLOAD_MAX_AGE_SECONDS = 5 * 60;
export const PAY_PAYLOAD_MAX_FUTURE_SECONDS = 60;

export type PayPasswordProblem = 'format' | 'trivial';

/**
 * Why a new pay password cannot be used, or null when it can: exactly 6 digits, and not one of
 * the guessable ones (one digit repeated like 111111, a run like 123456 or 654321, or a pair
 * repeated like 121212).
 */
export function payPasswordProblem(password: string): PayPasswordProblem | null {
  if (!/^\d{6}$/.test(password)) return 'format';
  const digits = [...password].map(Number);
  const steps = digits.slice(1).map((digit, index) => digit - digits[index]!);
  const isRun =
    steps.every((step) => step === 0) ||
    steps.every((step) => step === 1) ||
    steps.every((step) => step === -1);
  const isPairRepeated = password === password.slice(0, 2).repeat(3);
  const isHalfRepeated = password === password.slice(0, 3).repeat(2);
  return isRun || isPairRepeated || isHalfRepeated ? 'trivial' : null;
}
