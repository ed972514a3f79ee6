import type { Executor } from '../../../db/schema.js';

export type WechatTokenKind = 'access_token' | 'jsapi_ticket';

export function findToken(db: Executor, siteId: string, kind: WechatTokenKind) {
  return db
    .selectFrom('wechat_tokens')
    .select(['value', 'expires_at'])
    .where('site_id', '=', siteId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/**
 * Take the refresh lease of one token when nobody holds a live one: one statement, so two
 * instances racing for it cannot both win. Returns whether this owner got it.
 */
export async function tryTakeLease(
  db: Executor,
  lease: { siteId: string; kind: WechatTokenKind; owner: string; now: Date; until: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('wechat_tokens')
    .values({
      site_id: lease.siteId,
      kind: lease.kind,
      lease_owner: lease.owner,
      lease_expires_at: lease.until,
      updated_at: lease.now,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['site_id', 'kind'])
        .doUpdateSet({
          lease_owner: lease.owner,
          lease_expires_at: lease.until,
          updated_at: lease.now,
        })
        .where((eb) =>
          eb.or([
            eb('wechat_tokens.lease_expires_at', 'is', null),
            eb('wechat_tokens.lease_expires_at', '<=', lease.now),
          ]),
        ),
    )
    .returning('lease_owner')
    .executeTakeFirst();
  return row?.lease_owner === lease.owner;
}

/** Store a fresh value and give the lease back (only if this owner still holds it). */
export function storeToken(
  db: Executor,
  token: {
    siteId: string;
    kind: WechatTokenKind;
    owner: string;
    value: string;
    expiresAt: Date;
    now: Date;
  },
) {
  return db
    .updateTable('wechat_tokens')
    .set({
      value: token.value,
      expires_at: token.expiresAt,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: token.now,
    })
    .where('site_id', '=', token.siteId)
    .where('kind', '=', token.kind)
    .where('lease_owner', '=', token.owner)
    .execute();
}

export function releaseLease(db: Executor, siteId: string, kind: WechatTokenKind, owner: string) {
  return db
    .updateTable('wechat_tokens')
    .set({ lease_owner: null, lease_expires_at: null })
    .where('site_id', '=', siteId)
    .where('kind', '=', kind)
    .where('lease_owner', '=', owner)
    .execute();
}

/** Forget a value WeChat refused (only that value: a newer one stored meanwhile stays). */
export function forgetToken(db: Executor, siteId: string, kind: WechatTokenKind, value: string) {
  return db
    .updateTable('wechat_tokens')
    .set({ value: null, expires_at: null })
    .where('site_id', '=', siteId)
    .where('kind', '=', kind)
    .where('value', '=', value)
    .execute();
}
