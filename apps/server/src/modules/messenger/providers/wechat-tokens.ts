import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../../app-deps.js';
import { addSeconds } from '../../../lib/clock.js';
import { AppError } from '../../../lib/errors.js';
import * as tokensRepository from './wechat-tokens.repository.js';
import type { WechatTokenKind } from './wechat-tokens.repository.js';

export type TokenDeps = Pick<AppDeps, 'db' | 'clock' | 'wechat'>;

/** WeChat's tokens live 7200 s; refresh when less than this is left, before callers see it fail. */
export const TOKEN_REFRESH_MARGIN_SECONDS = 5 * 60;
/** An instance that took the lease and died frees it after this long. */
const LEASE_SECONDS = 30;
const POLL_MS = 50;
const MAX_WAIT_MS = 10_000;

export interface FreshToken {
  value: string;
  expiresInSeconds: number;
}

/**
 * A token WeChat hands out (the access token, the JS-SDK ticket), cached in PostgreSQL for every
 * instance. When it needs refreshing, callers in this process share one refresh (single flight),
 * and across instances the lease row lets one of them fetch while the others wait or keep using a
 * value that has not expired yet. No transaction stays open across the call to WeChat.
 */
export function cachedToken(
  deps: TokenDeps,
  siteId: string,
  kind: WechatTokenKind,
  fetchFresh: () => Promise<FreshToken>,
): Promise<string> {
  const key = `${siteId}:${kind}`;
  const running = deps.wechat.inFlight.get(key);
  if (running) return running;
  const next = readOrRefresh(deps, siteId, kind, fetchFresh).finally(() => {
    deps.wechat.inFlight.delete(key);
  });
  deps.wechat.inFlight.set(key, next);
  return next;
}

/** Drop a value WeChat refused (40001, 42001): the next caller fetches a new one. */
export async function forgetToken(
  deps: TokenDeps,
  siteId: string,
  kind: WechatTokenKind,
  value: string,
): Promise<void> {
  await tokensRepository.forgetToken(deps.db, siteId, kind, value);
}

async function readOrRefresh(
  deps: TokenDeps,
  siteId: string,
  kind: WechatTokenKind,
  fetchFresh: () => Promise<FreshToken>,
): Promise<string> {
  const owner = randomUUID();
  const startedAt = Date.now();
  for (;;) {
    const now = deps.clock.now();
    const row = await tokensRepository.findToken(deps.db, siteId, kind);
    const expiresAt = row?.expires_at?.getTime() ?? 0;
    if (row?.value && expiresAt - TOKEN_REFRESH_MARGIN_SECONDS * 1000 > now.getTime()) {
      return row.value;
    }
    const until = addSeconds(now, LEASE_SECONDS);
    if (await tokensRepository.tryTakeLease(deps.db, { siteId, kind, owner, now, until })) {
      return refreshWithLease(deps, { siteId, kind, owner }, fetchFresh);
    }
    // Another instance is refreshing. A value that has not expired yet still works meanwhile.
    if (row?.value && expiresAt > now.getTime()) return row.value;
    if (Date.now() - startedAt > MAX_WAIT_MS) {
      throw new AppError('MESSENGER_UNAVAILABLE', { reason: `${kind} refresh did not finish` });
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function refreshWithLease(
  deps: TokenDeps,
  lease: { siteId: string; kind: WechatTokenKind; owner: string },
  fetchFresh: () => Promise<FreshToken>,
): Promise<string> {
  try {
    const fresh = await fetchFresh();
    const now = deps.clock.now();
    await tokensRepository.storeToken(deps.db, {
      ...lease,
      value: fresh.value,
      expiresAt: addSeconds(now, fresh.expiresInSeconds),
      now,
    });
    return fresh.value;
  } catch (error) {
    await tokensRepository.releaseLease(deps.db, lease.siteId, lease.kind, lease.owner);
    throw error;
  }
}
