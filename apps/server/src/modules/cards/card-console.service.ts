import { cinemaDateTimeOf, cinemaInstant, formatYuan } from '@marquee/contracts';
import { randomUUID } from 'node:crypto';
import type { CallAnswer, CallBody } from '@marquee/contracts';
import type {
  ConsoleCard,
  ConsoleCardType,
  VoucherBatch,
  cardAdjustCall,
  cardTypeCreateCall,
  cardTypeUpdateCall,
  voucherBatchIssueCall,
} from '@marquee/contracts/console';
import type { AppDeps, SignedInStaff, SiteRow } from '../../app-deps.js';
import type { Executor } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { decryptSecret, encryptSecret } from '../../lib/secrets.js';
import { isUuid } from '../../lib/uuid.js';
import * as consoleRepository from './card-console.repository.js';
import * as cardsRepository from './cards.repository.js';
import { drawVoucherNo, drawVoucherPassword, hashVoucherPassword } from './voucher-secret.js';
import { voucherCsv } from './voucher-csv.js';

/**
 * The console's card use cases (area `cards`): card types, voucher batches and their one-time
 * CSV, voids, and balance adjustments. Each change is one transaction with its audit row.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'payPasswordPepper' | 'secrets'>;

/** The staff module's `recordAudit`, handed in by app.ts (staff imports this module). */
export type RecordAudit = (
  trx: Executor,
  site: { id: string },
  actor: { id: string; username: string },
  at: Date,
  change: {
    action: string;
    entity: string;
    entityId: string | null;
    before?: unknown;
    after?: unknown;
  },
) => Promise<unknown>;

const refused = (hint: string, hintEn: string) =>
  new AppError('CARD_CHANGE_REFUSED', { hint, hintEn });

// ---- card types ----

export async function listCardTypes(
  deps: Deps,
  site: SiteRow,
): Promise<{ list: ConsoleCardType[] }> {
  const rows = await consoleRepository.listCardTypes(deps.db, site.id);
  return { list: rows.map(cardTypeOf) };
}

export async function createCardType(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: CallBody<typeof cardTypeCreateCall>,
  recordAudit: RecordAudit,
): Promise<ConsoleCardType> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const inserted = await consoleRepository.insertCardType(trx, {
      site_id: site.id,
      code: body.code,
      name: body.name,
      pays_for: body.paysFor,
      is_on_sale: body.isOnSale,
      sort_order: body.sortOrder,
    });
    if (!inserted) {
      throw refused(
        `卡类型代码「${body.code}」已被使用，请换一个`,
        `The card type code "${body.code}" is taken. Pick another.`,
      );
    }
    await recordAudit(trx, site, staff, now, {
      action: 'cardType.create',
      entity: 'cardType',
      entityId: body.code,
      after: body,
    });
  });
  return readCardType(deps.db, site.id, body.code);
}

export async function updateCardType(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: CallBody<typeof cardTypeUpdateCall>,
  recordAudit: RecordAudit,
): Promise<ConsoleCardType> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const before = await consoleRepository.findCardTypeForUpdate(trx, site.id, body.code);
    if (!before) throw notFound('Card type', '卡类型');
    await consoleRepository.updateCardType(trx, site.id, body.code, {
      name: body.name,
      is_on_sale: body.isOnSale,
      sort_order: body.sortOrder,
    });
    await recordAudit(trx, site, staff, now, {
      action: 'cardType.update',
      entity: 'cardType',
      entityId: body.code,
      before: cardTypeOf(before),
      after: body,
    });
  });
  return readCardType(deps.db, site.id, body.code);
}

async function readCardType(db: Executor, siteId: string, code: string) {
  const row = await consoleRepository.findCardType(db, siteId, code);
  if (!row) throw notFound('Card type', '卡类型');
  return cardTypeOf(row);
}

function cardTypeOf(row: {
  code: string;
  name: string;
  pays_for: 'film' | 'goods' | 'general';
  is_on_sale: boolean;
  sort_order: number;
}): ConsoleCardType {
  return {
    code: row.code,
    name: row.name,
    paysFor: row.pays_for,
    isOnSale: row.is_on_sale,
    sortOrder: row.sort_order,
  };
}

// ---- voucher batches ----

/** Cards expire at the end of `expiresOn` in the cinemas' time zone (Asia/Shanghai, UTC+8). */
export function voucherExpiry(expiresOn: string): Date {
  return cinemaInstant(expiresOn, 24 * 60);
}

/** Expiry at most ten years ahead: a longer one is a typo. */
const MAX_EXPIRY_MS = 10 * 366 * 86_400_000;

const sealContext = (batchId: string) => `voucher_batches.sealed_secrets:${batchId}`;

export async function listBatches(deps: Deps, site: SiteRow): Promise<{ list: VoucherBatch[] }> {
  const rows = await consoleRepository.listBatches(deps.db, site.id, deps.clock.now());
  return { list: rows.map(batchOf) };
}

/**
 * POST /api/console/cards/batches/issue: draw `count` numbers and passwords (CSPRNG), store the
 * passwords as keyed hashes and, sealed with the secrets key, the plain pairs until the one
 * download. `voucherBatch.issue`.
 */
export async function issueBatch(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: CallBody<typeof voucherBatchIssueCall>,
  recordAudit: RecordAudit,
): Promise<VoucherBatch> {
  const now = deps.clock.now();
  const expiresAt = voucherExpiry(body.expiresOn);
  if (expiresAt.getTime() <= now.getTime()) {
    throw refused('有效期不能早于今天', 'The expiry date cannot be before today.');
  }
  if (expiresAt.getTime() - now.getTime() > MAX_EXPIRY_MS) {
    throw refused('有效期最长十年', 'The expiry date can be at most ten years ahead.');
  }
  const batchId = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    const type = await consoleRepository.findCardTypeForUpdate(trx, site.id, body.cardType);
    if (!type) throw notFound('Card type', '卡类型');
    if (!type.is_on_sale) {
      throw refused(
        `卡类型「${type.name}」已停售，请先在卡类型中恢复销售`,
        `The card type "${type.name}" is off sale. Put it on sale first.`,
      );
    }
    const batchNo = await consoleRepository.nextBatchNo(trx, site.id);
    await consoleRepository.insertBatch(trx, {
      id: batchId,
      site_id: site.id,
      batch_no: batchNo,
      card_type: type.code,
      amount_fen: body.amountFen,
      card_count: body.count,
      expires_at: expiresAt,
      created_by: staff.id,
      created_at: now,
    });
    const pairs = await insertFreshVouchers(deps, trx, site.id, batchId, body, expiresAt, now);
    await consoleRepository.sealSecrets(
      trx,
      batchId,
      encryptSecret(deps.secrets, JSON.stringify(pairs), sealContext(batchId)),
    );
    await recordAudit(trx, site, staff, now, {
      action: 'voucherBatch.issue',
      entity: 'voucherBatch',
      entityId: batchId,
      after: { batchNo, ...body, expiresAt: expiresAt.toISOString() },
    });
  });
  return readBatch(deps, site.id, batchId);
}

/** Insert `count` vouchers, drawing again for the rare number already taken. */
async function insertFreshVouchers(
  deps: Deps,
  trx: Executor,
  siteId: string,
  batchId: string,
  body: { cardType: string; count: number; amountFen: number },
  expiresAt: Date,
  now: Date,
): Promise<[string, string][]> {
  const pairs: [string, string][] = [];
  for (let round = 0; round < 5 && pairs.length < body.count; round += 1) {
    const drawn = new Map<string, string>();
    while (drawn.size < body.count - pairs.length)
      drawn.set(drawVoucherNo(), drawVoucherPassword());
    const inserted = await consoleRepository.insertVouchers(
      trx,
      [...drawn].map(([cardNo, password]) => ({
        site_id: siteId,
        card_no: cardNo,
        password_hash: hashVoucherPassword(deps.payPasswordPepper, siteId, cardNo, password),
        card_type: body.cardType,
        amount_fen: body.amountFen,
        batch_id: batchId,
        expires_at: expiresAt,
        created_at: now,
      })),
    );
    for (const pair of drawn) if (inserted.has(pair[0])) pairs.push(pair);
  }
  if (pairs.length < body.count) throw new Error('could not draw free voucher numbers');
  return pairs;
}

/**
 * GET /api/console/cards/batches/csv: the batch's numbers and passwords, once. The sealed copy is
 * dropped in the same transaction that records who downloaded it; a second call is refused.
 */
export async function downloadBatchCsv(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  batchId: string,
  recordAudit: RecordAudit,
  lang: 'zh' | 'en',
): Promise<{ fileName: string; contentType: string; body: string }> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const batch = isUuid(batchId)
      ? await consoleRepository.findBatchForUpdate(trx, site.id, batchId)
      : undefined;
    if (!batch) throw notFound('Batch', '充值卡批次');
    if (batch.downloaded_at || !batch.sealed_secrets) {
      throw new AppError('CARD_BATCH_DOWNLOADED', {
        downloadedAtText: batch.downloaded_at ? cinemaDateTimeOf(batch.downloaded_at) : '',
        downloadedBy: batch.username ?? '',
      });
    }
    const pairs = JSON.parse(
      decryptSecret(deps.secrets, batch.sealed_secrets, sealContext(batch.id)),
    ) as [string, string][];
    const claimed = await consoleRepository.claimDownload(trx, batch.id, staff.id, now);
    if (!claimed) throw new AppError('CARD_BATCH_DOWNLOADED', {});
    const [info] = await consoleRepository.listBatches(trx, site.id, now, batch.id);
    await recordAudit(trx, site, staff, now, {
      action: 'voucherBatch.download',
      entity: 'voucherBatch',
      entityId: batch.id,
      after: { batchNo: batch.batch_no, cards: pairs.length },
    });
    const value = formatYuan(info!.amount_fen);
    const expiry = cinemaDateTimeOf(new Date(info!.expires_at.getTime() - 1)).slice(0, 10);
    return {
      fileName: `vouchers-batch-${batch.batch_no}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: voucherCsv(pairs, value, expiry, lang),
    };
  });
}

/** POST /api/console/cards/batches/void: every unused card of the batch; `voucherBatch.void`. */
export async function voidBatch(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  batchId: string,
  recordAudit: RecordAudit,
): Promise<{ voidedCount: number; batch: VoucherBatch }> {
  const now = deps.clock.now();
  const voided = await deps.db.transaction().execute(async (trx) => {
    const batch = isUuid(batchId)
      ? await consoleRepository.findBatchForUpdate(trx, site.id, batchId)
      : undefined;
    if (!batch) throw notFound('Batch', '充值卡批次');
    const rows = await consoleRepository.voidBatchVouchers(trx, batch.id, staff.id, now);
    if (rows.length === 0) {
      throw refused('这批卡已没有可作废的未使用卡', 'This batch has no unused cards left to void.');
    }
    await recordAudit(trx, site, staff, now, {
      action: 'voucherBatch.void',
      entity: 'voucherBatch',
      entityId: batch.id,
      after: { batchNo: batch.batch_no, voidedCount: rows.length },
    });
    return rows.length;
  });
  return { voidedCount: voided, batch: await readBatch(deps, site.id, batchId) };
}

/** POST /api/console/cards/vouchers/void: one unused card; a redeemed one is refused. */
export async function voidOneVoucher(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  cardNo: string,
  recordAudit: RecordAudit,
): Promise<{ cardNo: string; voidedAt: string }> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const voucher = await consoleRepository.findVoucherForUpdate(trx, site.id, cardNo);
    if (!voucher) throw notFound('Top-up card', '充值卡');
    if (voucher.used_at) {
      throw refused(
        '这张充值卡已被充值使用，不能作废',
        'This top-up card was redeemed: it cannot be voided.',
      );
    }
    if (voucher.voided_at) {
      throw refused('这张充值卡已经作废了', 'This top-up card is already void.');
    }
    const row = await consoleRepository.voidVoucher(trx, voucher.id, staff.id, now);
    if (!row?.voided_at)
      throw refused('这张充值卡现在不能作废', 'This top-up card cannot be voided now.');
    await recordAudit(trx, site, staff, now, {
      action: 'voucher.void',
      entity: 'voucher',
      entityId: voucher.id,
      before: { cardNo, state: 'unused' },
      after: { cardNo, state: 'voided', batchId: voucher.batch_id },
    });
    return { cardNo, voidedAt: row.voided_at.toISOString() };
  });
}

async function readBatch(deps: Deps, siteId: string, batchId: string): Promise<VoucherBatch> {
  const [row] = await consoleRepository.listBatches(deps.db, siteId, deps.clock.now(), batchId);
  if (!row) throw notFound('Batch', '充值卡批次');
  return batchOf(row);
}

function batchOf(
  row: Awaited<ReturnType<typeof consoleRepository.listBatches>>[number],
): VoucherBatch {
  return {
    id: row.id,
    batchNo: row.batch_no,
    cardType: row.card_type,
    cardTypeName: row.card_type_name,
    amountFen: row.amount_fen,
    cardCount: row.card_count,
    expiresAt: row.expires_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    unusedCount: Number(row.unused),
    redeemedCount: Number(row.redeemed),
    voidedCount: Number(row.voided),
    expiredCount: Number(row.expired),
    downloadedAt: row.downloaded_at?.toISOString() ?? null,
    downloadedBy: row.downloaded_by ?? null,
  };
}

// ---- moviegoers' cards ----

export async function findCards(
  deps: Deps,
  site: SiteRow,
  q: string,
): Promise<{ list: ConsoleCard[] }> {
  return { list: await readCards(deps.db, site.id, q) };
}

/**
 * POST /api/console/cards/adjust: add or take fen with a reason, as one 'adjustment' ledger row
 * and the balance moved in the same transaction (`UPDATE … WHERE balance_fen >= x`: never below
 * zero, however many adjust at once). `card.adjust` with the balance before and after.
 */
export async function adjustCard(
  deps: Deps,
  site: SiteRow,
  staff: SignedInStaff,
  body: CallBody<typeof cardAdjustCall>,
  recordAudit: RecordAudit,
): Promise<CallAnswer<typeof cardAdjustCall>> {
  const now = deps.clock.now();
  const cardNo = await deps.db.transaction().execute(async (trx) => {
    const card = isUuid(body.cardId)
      ? await consoleRepository.findCardById(trx, site.id, body.cardId)
      : undefined;
    if (!card) throw notFound('Card', '会员卡');
    const locked = await cardsRepository.lockCard(trx, card.id);
    if (!locked) throw notFound('Card', '会员卡');
    const balanceAfterFen = await cardsRepository.moveBalance(trx, card.id, body.amountFen);
    if (balanceAfterFen === undefined) {
      const yuan = formatYuan(locked.balance_fen);
      throw refused(
        `余额不足：这张卡只有 ${yuan} 元，调整后不能低于 0`,
        `Not enough balance: the card holds ${yuan} yuan and cannot go below 0.`,
      );
    }
    await cardsRepository.appendLedger(trx, {
      cardId: card.id,
      siteId: site.id,
      userId: card.user_id,
      kind: 'adjustment',
      amountFen: body.amountFen,
      balanceAfterFen,
      reason: body.reason,
      createdAt: now,
    });
    await recordAudit(trx, site, staff, now, {
      action: 'card.adjust',
      entity: 'card',
      entityId: card.id,
      before: { cardNo: card.card_no, balanceFen: locked.balance_fen },
      after: {
        cardNo: card.card_no,
        balanceFen: balanceAfterFen,
        amountFen: body.amountFen,
        reason: body.reason,
      },
    });
    return card.card_no;
  });
  const [card] = await readCards(deps.db, site.id, cardNo);
  return card!;
}

const RECENT_LEDGER_ROWS = 10;

async function readCards(db: Executor, siteId: string, q: string): Promise<ConsoleCard[]> {
  const cards = await consoleRepository.findCards(db, siteId, q);
  const ledger = await Promise.all(
    cards.map((card) => consoleRepository.recentLedger(db, [card.id], RECENT_LEDGER_ROWS)),
  );
  return cards.map((card, index) => ({
    id: card.id,
    cardNo: card.card_no,
    name: card.name,
    cardTypeList: card.card_types,
    balanceFen: card.balance_fen,
    ledgerFen: Number(card.ledger_fen),
    owner: { nickname: card.nickname, phone: card.phone },
    recentLedger: ledger[index]!.map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      amountFen: row.amount_fen,
      balanceAfterFen: row.balance_after_fen,
      reason: row.reason,
      createdAt: row.created_at.toISOString(),
    })),
  }));
}
