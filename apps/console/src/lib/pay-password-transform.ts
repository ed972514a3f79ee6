import { buildPayload, encryptPayload, payKeyCall } from '@marquee/contracts';
import { api } from './api/api-client';

/**
 * A member's pay password typed on the till's keypad leaves the browser the way it does in the
 * moviegoers' app (spec §5, `encryptPayload` in contracts). The server refuses a payload older
 * than 5 minutes or seen before, so every try is encrypted afresh.
 */
let publishedKey: Promise<string> | undefined;

/** Forget the cached key (after the server says a payload could not be opened). */
export function forgetPayKey(): void {
  publishedKey = undefined;
}

/** The password as a call sends it. */
export async function encryptPassword(password: string): Promise<string> {
  publishedKey ??= api(payKeyCall).then((answer) => answer.spki);
  publishedKey.catch(forgetPayKey);
  return encryptPayload(await publishedKey, buildPayload(password, Date.now()));
}
