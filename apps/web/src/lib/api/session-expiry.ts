/**
 * What happens when any call answers -1001 (the session ended mid-use). The API client reports
 * it here; the sign-in gate decides (it restarts sign-in and comes back to the same page). lib
 * knows no feature, so the gate registers itself rather than being imported.
 */
let handler: (() => void) | null = null;

export function onSessionInvalid(next: () => void): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

export function reportSessionInvalid(): void {
  handler?.();
}

/**
 * Authorise with WeChat again and come back to this page (a first pay password on an account with
 * card money and no phone needs a fresh authorisation, decision 046): the same restart as above.
 */
export function authoriseAgain(): void {
  handler?.();
}
