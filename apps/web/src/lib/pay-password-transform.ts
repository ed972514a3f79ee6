import { buildPayload, encryptPayload, payKeyCall } from '@marquee/contracts';
import { api } from './api/api';

/** The server's published key (GET /security/payKey), fetched once and kept until it fails. */
let publishedKey: Promise<string> | undefined;

function payKey(): Promise<string> {
  publishedKey ??= api(payKeyCall).then((answer) => answer.spki);
  publishedKey.catch(() => {
    publishedKey = undefined;
  });
  return publishedKey;
}

/** Forget the cached key (after the server says a payload could not be opened). */
export function forgetPayKey(): void {
  publishedKey = undefined;
}

/** The transformed password (spec §5, `encryptPayload`) to send as `password` or `oldPassword`. */
export async function encryptPassword(password: string): Promise<string> {
  return encryptPayload(await payKey(), buildPayload(password, Date.now()));
}
