import { setPayPasswordCall } from '@marquee/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/api';
import { encryptPassword } from '@/lib/pay-password-transform';

export interface SetPayPasswordInput {
  password: string;
  oldPassword: string | null;
  /** A first pay password on an account with card money: the code texted to the bound phone. */
  code?: string;
}

/** Spec §7: POST /userInfo/card/setPassword, both passwords transformed (spec §5). */
export async function setPayPassword(input: SetPayPasswordInput) {
  const password = await encryptPassword(input.password);
  const oldPassword =
    input.oldPassword === null ? undefined : await encryptPassword(input.oldPassword);
  return api(setPayPasswordCall, { body: { password, oldPassword, code: input.code } });
}

/** The page that opens the sheet refreshes the user info (`hasPayPassword`) in `onSuccess`. */
export function useSetPayPassword(onSuccess: () => void) {
  return useMutation({ mutationFn: setPayPassword, onSuccess });
}
