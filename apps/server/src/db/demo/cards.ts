import type { Executor } from '../schema.js';

/**
 * Demo cards and top-up vouchers (listed in README "Demo data"). Opening balances go through
 * 'adjustment' ledger rows so the ledger sums to every balance from the start. Voucher hashes
 * are precomputed with the production parameters (scrypt N=2^14), so seeding costs nothing.
 */
export const demoCards = [
  {
    openid: 'demo-xiaoying',
    cardNo: '6600000000000001',
    name: '通用卡',
    types: ['general'],
    balanceFen: 20000,
  },
  {
    openid: 'demo-xiaoying',
    cardNo: '6600000000000002',
    name: '影票卡',
    types: ['film'],
    balanceFen: 5000,
  },
  {
    openid: 'demo-alex',
    cardNo: '6600000000000003',
    name: '卖品卡',
    types: ['goods'],
    balanceFen: 3000,
  },
] as const;

export const demoVouchers = [
  {
    cardNo: '8800000001',
    password: '318274',
    cardType: 'general',
    amountFen: 10000,
    passwordHash:
      'scrypt$16384$8$1$K3MeV9P8aNYXnD0et17NGg$SrMtL56TLcgxSKMS3Lqp5c4bThAnUa1xySidh7U_ZHs',
  },
  {
    cardNo: '8800000002',
    password: '640152',
    cardType: 'general',
    amountFen: 5000,
    passwordHash:
      'scrypt$16384$8$1$F5wPj5IhggdIpypk4Oxj0Q$sWyMwBJmuRCp6-WStm4suDtb5SCuTONG_FnJdp0AOXE',
  },
  {
    cardNo: '8800000003',
    password: '975318',
    cardType: 'film',
    amountFen: 3000,
    passwordHash:
      'scrypt$16384$8$1$oaA7OUw-l7UMBM31wW0M2A$wQQcmMTJ4ut__TydCXiv4MqpJYI-d7J9ruSELHRx9_Y',
  },
  {
    cardNo: '8800000004',
    password: '2048613',
    cardType: 'film',
    amountFen: 6000,
    passwordHash:
      'scrypt$16384$8$1$I-D9mTRF9lUmL0lcrkp2bQ$0-w5deTRqMP1r_J9L7QuA_axnojA_jaZqvcXOfSmYbY',
  },
  {
    cardNo: '8800000005',
    password: '55310872',
    cardType: 'goods',
    amountFen: 2000,
    passwordHash:
      'scrypt$16384$8$1$qx9JTQ3W3Ahyl7AljaNt1Q$SPksZ-ENJ4mhTBeEB-0AvQ7jdlyYQaKyBQNlCLc40qM',
  },
  {
    cardNo: '8800000006',
    password: '730419',
    cardType: 'goods',
    amountFen: 4000,
    passwordHash:
      'scrypt$16384$8$1$3kVsQXixEospIv3M9jaRPg$U_1r4bGSjArK0Yi-BpUvFt7eeO_TCL7ugWh6sP6TeXw',
  },
  {
    cardNo: '8800000007',
    password: '4182650',
    cardType: 'general',
    amountFen: 20000,
    passwordHash:
      'scrypt$16384$8$1$IAIOnvZZrxdwvEGKDpzoiw$QIAsG3VItWwt-9Rbpt7ksCN6BcHTymw9d6aCKv4mVEc',
  },
  {
    cardNo: '8800000008',
    password: '861027',
    cardType: 'film',
    amountFen: 10000,
    passwordHash:
      'scrypt$16384$8$1$uVsmS__DdQWzG8ouRESXkQ$zncplBwUtPP3W3JRbQtu0Tcu2sljVQ1ZmGWqAY6umlE',
  },
  {
    cardNo: '8800000009',
    password: '39475120',
    cardType: 'goods',
    amountFen: 2500,
    passwordHash:
      'scrypt$16384$8$1$2NM-vUUAynXcN0kOGGrJVg$zZO844uZQbVvz9eP9nHnPZ1Q4GwVlEmPTBhknmTldrk',
  },
  {
    cardNo: '8800000010',
    password: '507263',
    cardType: 'general',
    amountFen: 1000,
    passwordHash:
      'scrypt$16384$8$1$FAk2p1Jn0W7PHCREmamqkA$IKzu8ACKimQ2O3uTUMc5F2hVBMRGjbP2y7D2D7Qwdyw',
  },
] as const;

export async function seedDemoCards(trx: Executor, siteId: string, now: Date): Promise<void> {
  for (const card of demoCards) {
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('site_id', '=', siteId)
      .where('openid', '=', card.openid)
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('cards')
      .values({
        site_id: siteId,
        user_id: user.id,
        card_no: card.cardNo,
        name: card.name,
        card_types: [...card.types],
        balance_fen: card.balanceFen,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('card_ledger')
      .values({
        card_id: row.id,
        site_id: siteId,
        user_id: user.id,
        kind: 'adjustment',
        amount_fen: card.balanceFen,
        balance_after_fen: card.balanceFen,
        reason: 'demo opening balance',
        created_at: now,
      })
      .execute();
  }
  await trx
    .insertInto('top_up_vouchers')
    .values(
      demoVouchers.map((voucher) => ({
        site_id: siteId,
        card_no: voucher.cardNo,
        password_hash: voucher.passwordHash,
        card_type: voucher.cardType,
        amount_fen: voucher.amountFen,
      })),
    )
    .execute();
}
