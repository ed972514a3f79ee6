import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StoreCard } from '@marquee/contracts';
import { describeOnEachDatabase } from '../../test-support/test-database.js';
import {
  call,
  createTestApp,
  signIn,
  uniqueOpenid,
  type TestApp,
} from '../../test-support/test-app.js';

const url = '/api/storeCard/getUserCareList';
type UserCards = { allTypeList: string[]; storeCard: StoreCard[] };

describeOnEachDatabase('the user card list', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  /** Sign a new user in and return the token and the ids of the user and the demo site. */
  async function newUser() {
    const openid = uniqueOpenid();
    const token = await signIn(t.app, openid);
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'site_id'])
      .where('openid', '=', openid)
      .executeTakeFirstOrThrow();
    return { token, userId: user.id, siteId: user.site_id };
  }

  async function insertCard(
    owner: { userId: string; siteId: string },
    card: { types: string[]; balanceFen: number; name?: string },
  ) {
    const cardNo = `8800${randomBytes(6).toString('hex')}`;
    const row = await t.db
      .insertInto('cards')
      .values({
        site_id: owner.siteId,
        user_id: owner.userId,
        card_no: cardNo,
        name: card.name ?? '会员卡',
        card_types: card.types,
        balance_fen: card.balanceFen,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, cardNo };
  }

  it('answers empty lists for a new user', async () => {
    const { token } = await newUser();
    const { status, body } = await call<UserCards>(t.app, { url, token });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 0, data: { allTypeList: [], storeCard: [] } });
  });

  it('lists a card with its balance in yuan and its types in allTypeList', async () => {
    const owner = await newUser();
    const card = await insertCard(owner, {
      types: ['film', 'goods'],
      balanceFen: 12345,
      name: '影票卡',
    });
    const { body } = await call<UserCards>(t.app, { url, token: owner.token });
    expect(body.code).toBe(0);
    expect(body.data.storeCard).toEqual([
      {
        id: card.id,
        cardNo: card.cardNo,
        name: '影票卡',
        cardTypeList: ['film', 'goods'],
        balance: 123.45,
      },
    ]);
    expect([...body.data.allTypeList].sort()).toEqual(['film', 'goods']);
  });

  it('lists each card type once across several cards', async () => {
    const owner = await newUser();
    await insertCard(owner, { types: ['general'], balanceFen: 5 });
    await insertCard(owner, { types: ['general', 'film'], balanceFen: 0 });
    const { body } = await call<UserCards>(t.app, { url, token: owner.token });
    expect(body.data.storeCard.map((card) => card.balance).sort()).toEqual([0, 0.05]);
    expect([...body.data.allTypeList].sort()).toEqual(['film', 'general']);
  });

  it("shows no one else's cards", async () => {
    const owner = await newUser();
    await insertCard(owner, { types: ['general'], balanceFen: 10000 });
    const stranger = await newUser();
    const { body } = await call<UserCards>(t.app, { url, token: stranger.token });
    expect(body.data).toEqual({ allTypeList: [], storeCard: [] });
  });

  it('answers -1001 without a token', async () => {
    const { status, body } = await call(t.app, { url });
    expect(status).toBe(401);
    expect(body.code).toBe(-1001);
  });
});
