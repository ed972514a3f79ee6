import { constants, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import type { CallAnswer, payKeyCall } from '@marquee/contracts';
import { call, signIn, uniqueOpenid, type TestApp } from '../../test-support/test-app.js';

/** Helpers for the cards and pay password integration tests (not shipped code paths). */

export interface TestUser {
  openid: string;
  token: string;
  userId: string;
  siteId: string;
}

export async function newUser(t: TestApp): Promise<TestUser> {
  const openid = uniqueOpenid();
  const token = await signIn(t.app, openid);
  const user = await t.db
    .selectFrom('users')
    .select(['id', 'site_id'])
    .where('openid', '=', openid)
    .executeTakeFirstOrThrow();
  return { openid, token, userId: user.id, siteId: user.site_id };
}

/** A card with an opening balance written through the ledger, as real balances are. */
export async function openTestCard(
  t: Pick<TestApp, 'db'>,
  owner: Pick<TestUser, 'userId' | 'siteId'>,
  card: { types: string[]; balanceFen: number; createdAt?: Date },
) {
  return t.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('cards')
      .values({
        site_id: owner.siteId,
        user_id: owner.userId,
        card_no: `77${BigInt(`0x${randomBytes(6).toString('hex')}`)
          .toString()
          .padStart(14, '0')}`,
        name: '测试卡',
        card_types: card.types,
        balance_fen: card.balanceFen,
        ...(card.createdAt ? { created_at: card.createdAt } : {}),
      })
      .returning(['id', 'card_no'])
      .executeTakeFirstOrThrow();
    if (card.balanceFen > 0) {
      await trx
        .insertInto('card_ledger')
        .values({
          card_id: row.id,
          site_id: owner.siteId,
          user_id: owner.userId,
          kind: 'adjustment',
          amount_fen: card.balanceFen,
          balance_after_fen: card.balanceFen,
          reason: 'test opening balance',
        })
        .execute();
    }
    return { id: row.id, cardNo: row.card_no };
  });
}

export async function createTestOrder(
  t: Pick<TestApp, 'db'>,
  owner: Pick<TestUser, 'userId' | 'siteId'>,
  amountFen = 1000,
) {
  const row = await t.db
    .insertInto('orders')
    .values({
      site_id: owner.siteId,
      user_id: owner.userId,
      kind: 'film',
      order_no: `T${randomBytes(8).toString('hex')}`,
      amount_fen: amountFen,
      pay_deadline_at: new Date(Date.now() + 15 * 60_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function balanceOf(t: Pick<TestApp, 'db'>, cardId: string): Promise<number> {
  const row = await t.db
    .selectFrom('cards')
    .select('balance_fen')
    .where('id', '=', cardId)
    .executeTakeFirstOrThrow();
  return row.balance_fen;
}

let cachedKey: { app: unknown; spki: string } | undefined;

/** Encrypt a password the way the web app does (RSA-OAEP SHA-256 over the JSON payload). */
export async function encryptPassword(
  t: TestApp,
  password: string,
  options: { timestamp?: number; nonce?: string } = {},
): Promise<string> {
  if (cachedKey?.app !== t.app) {
    const { body } = await call<CallAnswer<typeof payKeyCall>>(t.app, {
      url: '/api/security/payKey',
    });
    cachedKey = { app: t.app, spki: body.data.spki };
  }
  const payload = JSON.stringify({
    password,
    timestamp: options.timestamp ?? t.clock.now().getTime(),
    nonce: options.nonce ?? randomBytes(16).toString('base64url'),
  });
  const key = createPublicKey({
    key: Buffer.from(cachedKey.spki, 'base64'),
    format: 'der',
    type: 'spki',
  });
  return publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(payload),
  ).toString('base64');
}

export async function setTestPayPassword(t: TestApp, token: string, password: string) {
  const answer = await call(t.app, {
    method: 'POST',
    url: '/api/userInfo/card/setPassword',
    token,
    body: { password: await encryptPassword(t, password) },
  });
  if (answer.body.code !== 0) throw new Error(`setPassword failed: ${answer.body.msg}`);
}
