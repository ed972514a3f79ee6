/** Spec §7: a test host is localhost or any host containing "test"; everything else is production. */
export function isTestHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname.includes('test');
}

// The server picks the same site for the page it serves (first-screen answers, decision 033).
export { siteFromHost } from '@marquee/contracts';

export function apiBaseUrl(
  hostname: string,
  bases: { test?: string | undefined; production?: string | undefined },
): string {
  const base = isTestHost(hostname) ? bases.test : bases.production;
  return (base || '/api').replace(/\/$/, '');
}
