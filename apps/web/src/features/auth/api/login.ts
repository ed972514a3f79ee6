import { loginCall } from '@marquee/contracts';
import { api } from '@/lib/api/api';

/** Spec §7: POST /wx/redirect/login {code} → { userInfo, token }. */
export function login(code: string) {
  return api(loginCall, { body: { code } });
}
