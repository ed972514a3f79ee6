import type { Executor } from '../../../db/schema.js';

export function insertCode(
  trx: Executor,
  code: {
    code: string;
    siteId: string;
    openid: string;
    nickname: string;
    avatarUrl: string | null;
    expiresAt: Date;
  },
) {
  return trx
    .insertInto('messenger_codes')
    .values({
      code: code.code,
      site_id: code.siteId,
      openid: code.openid,
      nickname: code.nickname,
      avatar_url: code.avatarUrl,
      expires_at: code.expiresAt,
    })
    .execute();
}

/** Use a code once: the update only matches an unused, unexpired code, so a replay finds nothing. */
export function consumeCode(trx: Executor, siteId: string, code: string, now: Date) {
  return trx
    .updateTable('messenger_codes')
    .set({ used_at: now })
    .where('code', '=', code)
    .where('site_id', '=', siteId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['openid', 'nickname', 'avatar_url'])
    .executeTakeFirst();
}

export function findUserByOpenid(db: Executor, siteId: string, openid: string) {
  return db
    .selectFrom('users')
    .select(['openid', 'nickname', 'avatar_url'])
    .where('site_id', '=', siteId)
    .where('openid', '=', openid)
    .executeTakeFirst();
}

/** The people the sandbox's authorisation page offers: demo users first, then the newest. */
export function listUsers(db: Executor, siteId: string, limit: number) {
  return db
    .selectFrom('users')
    .select(['openid', 'nickname', 'avatar_url'])
    .where('site_id', '=', siteId)
    .orderBy((eb) => eb.fn('starts_with', ['openid', eb.val('demo-')]), 'desc')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
