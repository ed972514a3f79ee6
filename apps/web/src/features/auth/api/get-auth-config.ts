import { authConfigCall } from '@marquee/contracts';
import { api } from '@/lib/api/api';

/** Where to send a visitor to authorise: WeChat, or the local sandbox's twin. */
export function getAuthConfig() {
  return api(authConfigCall);
}
