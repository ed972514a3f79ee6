import { exchangeSetTokenCall } from '@marquee/contracts';
import { api } from '@/lib/api/api';

/**
 * `?setToken=`, checked by the server first: a hand-off code becomes a new session token, a raw
 * session token is answered as it is (while the site allows it); both name the account.
 */
export function exchangeSetToken(setToken: string) {
  return api(exchangeSetTokenCall, { body: { setToken } });
}
