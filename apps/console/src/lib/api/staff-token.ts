/**
 * The staff session token, kept in this browser's localStorage under a key of its own: never the
 * moviegoer's `movie.token` cookie, and sent only as `x-staff-token`. The server ends it after 12
 * hours, on sign-out, or when the account is deactivated.
 */
const KEY = 'marquee.console.staffToken';

export function getStaffToken(): string | undefined {
  return localStorage.getItem(KEY) ?? undefined;
}

export function setStaffToken(token: string): void {
  localStorage.setItem(KEY, token);
}

export function clearStaffToken(): void {
  localStorage.removeItem(KEY);
}
