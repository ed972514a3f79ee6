import { useEffect, useState } from 'react';

/** Milliseconds as "mm:ss" (never negative). */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

/**
 * Time left until `expiresAt`, ticking each second. `offsetMs` is server time minus the phone's,
 * so a phone with a wrong clock still counts down what the server will enforce.
 */
export function useCountdown(expiresAt: string | undefined, offsetMs: number): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  if (!expiresAt) return undefined;
  return Math.max(0, Date.parse(expiresAt) - (now + offsetMs));
}
