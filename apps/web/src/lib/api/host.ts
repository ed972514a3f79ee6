/** Spec §7: a test host is localhost or any host containing "test"; everything else is production. */
export function isTestHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname.includes('test');
}

/** Spec §7: the `site` header is the host's first label, and 'www-test' on localhost. */
export function siteFromHost(hostname: string): string {
  if (hostname === 'localhost' || hostname === '127.0.0.1') return 'www-test';
  return hostname.split('.')[0] ?? hostname;
}

export function apiBaseUrl(
  hostname: string,
  bases: { test?: string | undefined; production?: string | undefined },
): string {
  const base = isTestHost(hostname) ? bases.test : bases.production;
  return (base || '/api').replace(/\/$/, '');
}
