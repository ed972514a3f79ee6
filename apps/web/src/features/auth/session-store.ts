import { useSyncExternalStore } from 'react';
import type { UserInfo } from '@marquee/contracts';

/** Spec §3: the user record carries a logged flag and an optional location; §4: a ready flag. */
export interface Session {
  logged: boolean;
  userInfo: UserInfo | null;
  location: { latitude: number; longitude: number } | null;
  /** Set once sign-in is done and the usable card list is loaded. */
  isReady: boolean;
}

const SIGNED_OUT: Session = { logged: false, userInfo: null, location: null, isReady: false };
let session: Session = SIGNED_OUT;
const listeners = new Set<() => void>();

export const sessionStore = {
  get: () => session,
  update(patch: Partial<Session>) {
    session = { ...session, ...patch };
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession(): Session {
  // Nobody is signed in in the server's render of a first screen (entry-server.tsx), nor while
  // the browser hydrates it; the user fills in after.
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, () => SIGNED_OUT);
}
