import { checkPhoneCodeCall, resetPayPasswordCall } from '@marquee/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { encryptPassword } from '@/lib/pay-password-transform';

/**
 * 忘记支付密码, first step: the texted code is checked (the try counts, the code stays good) before
 * the new password is asked for; the reset checks it again and uses it.
 */
export function useCheckResetCode() {
  return useMutation({
    mutationFn: (code: string) =>
      api(checkPhoneCodeCall, { body: { purpose: 'payPasswordReset', code } }),
  });
}

/** 忘记支付密码: the new password (transformed, spec §5) with the code sent to the bound phone. */
export async function resetPayPassword(input: { code: string; password: string }) {
  const password = await encryptPassword(input.password);
  return api(resetPayPasswordCall, { body: { code: input.code, password } });
}

export function useResetPayPassword(onSuccess: () => void) {
  return useMutation({ mutationFn: resetPayPassword, onSuccess });
}
