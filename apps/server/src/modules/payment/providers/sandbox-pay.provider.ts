import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AppDeps } from '../../../app-deps.js';
import type { SandboxPayTransactionsTable } from '../../../db/schema.js';
import type { SiteRow } from '../../site/index.js';
import type { PayProvider, PaymentResult, PaymentState } from './pay-provider.js';
import { PayProviderError } from './pay-provider-error.js';
import * as sandboxRepository from './sandbox-pay.repository.js';

/**
 * The local twin of WeChat Pay (JSAPI, API v3) for sites in sandbox mode. Transactions live in
 * sandbox_pay_transactions; the page's sandbox sheet settles one (sandbox-pay.routes.ts) and the
 * sandbox then posts WeChat's notification to our notify endpoint: the same JSON, the resource
 * encrypted with AES-256-GCM, the request signed. Where WeChat signs with RSA, the sandbox signs
 * with an HMAC whose key is random per process; nothing here runs in production (the app refuses
 * to start with a sandbox site there).
 */

const processSecret = randomBytes(32);
/** A notification older than this is refused, as WeChat's SDKs do. */
const NOTIFY_MAX_AGE_SECONDS = 300;

function keyFor(site: Pick<SiteRow, 'id'>, purpose: 'sign' | 'apiv3'): Buffer {
  return createHmac('sha256', processSecret).update(`${purpose}:${site.id}`).digest();
}

function hmac(site: Pick<SiteRow, 'id'>, message: string): string {
  return createHmac('sha256', keyFor(site, 'sign')).update(message).digest('base64');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

type SandboxTransaction = Selectable<SandboxPayTransactionsTable>;

/** WeChat's decrypted `transaction` resource of a TRANSACTION.SUCCESS notification. */
interface TransactionResource {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id: string;
  trade_type: 'JSAPI';
  trade_state: PaymentState;
  trade_state_desc: string;
  success_time: string;
  payer: { openid: string };
  amount: { total: number; payer_total: number; currency: 'CNY'; payer_currency: 'CNY' };
}

const SANDBOX_MCHID = '1900000000';
/** Who pays a sandbox Native QR (WeChat names the scanning payer only once paid). */
const SANDBOX_NATIVE_PAYER = 'o_sandbox_native_payer';
/** The sandbox's pay page of a Native QR (registered in sandbox-pay.routes.ts). */
export const SANDBOX_PAGE_PATH = '/sandbox/pay/:prepayId';

/**
 * What WeChat would post to notify_url for a paid transaction: headers and raw body. Exported for
 * the sandbox sheet and for tests that play WeChat (including forged and tampered notices).
 */
export function buildSandboxNotification(
  site: Pick<SiteRow, 'id' | 'wechat_app_id'>,
  transaction: SandboxTransaction,
  now: Date,
  overrides: { amountFen?: number } = {},
): { headers: Record<string, string>; body: string } {
  const resource: TransactionResource = {
    appid: site.wechat_app_id,
    mchid: SANDBOX_MCHID,
    out_trade_no: transaction.out_trade_no,
    transaction_id: transaction.transaction_id ?? '',
    trade_type: 'JSAPI',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    success_time: (transaction.success_at ?? now).toISOString(),
    payer: { openid: transaction.payer_openid },
    amount: {
      total: overrides.amountFen ?? transaction.amount_fen,
      payer_total: overrides.amountFen ?? transaction.amount_fen,
      currency: 'CNY',
      payer_currency: 'CNY',
    },
  };
  const nonce = randomBytes(6).toString('hex');
  const associatedData = 'transaction';
  const cipher = createCipheriv('aes-256-gcm', keyFor(site, 'apiv3'), nonce);
  cipher.setAAD(Buffer.from(associatedData));
  const encrypted = Buffer.concat([
    cipher.update(JSON.stringify(resource), 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const body = JSON.stringify({
    id: randomBytes(16).toString('hex'),
    create_time: now.toISOString(),
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: encrypted.toString('base64'),
      associated_data: associatedData,
      nonce,
    },
  });
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const signatureNonce = randomBytes(16).toString('hex');
  return {
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': signatureNonce,
      'wechatpay-serial': 'SANDBOX',
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      'wechatpay-signature': hmac(site, `${timestamp}\n${signatureNonce}\n${body}\n`),
    },
    body,
  };
}

function decryptResource(site: Pick<SiteRow, 'id'>, rawBody: string): TransactionResource {
  const notice = JSON.parse(rawBody) as {
    event_type?: string;
    resource?: { ciphertext?: string; nonce?: string; associated_data?: string };
  };
  const resource = notice.resource;
  if (notice.event_type !== 'TRANSACTION.SUCCESS' || !resource?.ciphertext || !resource.nonce) {
    throw new PayProviderError('BAD_NOTIFICATION', 'not a TRANSACTION.SUCCESS notification');
  }
  const data = Buffer.from(resource.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(site, 'apiv3'), resource.nonce);
  decipher.setAAD(Buffer.from(resource.associated_data ?? ''));
  decipher.setAuthTag(data.subarray(data.length - 16));
  const plain = Buffer.concat([
    decipher.update(data.subarray(0, data.length - 16)),
    decipher.final(),
  ]);
  return JSON.parse(plain.toString('utf8')) as TransactionResource;
}

function resultOf(transaction: SandboxTransaction, now: Date): PaymentResult {
  // An unpaid transaction past its time_expire can no longer be paid: WeChat reports it closed.
  const isLapsed =
    transaction.state === 'NOTPAY' && transaction.expires_at.getTime() < now.getTime();
  return {
    outTradeNo: transaction.out_trade_no,
    transactionId: transaction.transaction_id,
    state: isLapsed ? 'CLOSED' : transaction.state,
    amountFen: transaction.amount_fen,
    payerOpenid: transaction.payer_openid,
    successAt: transaction.success_at,
  };
}

export function createSandboxPayProvider(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  site: SiteRow,
): PayProvider {
  return {
    mode: 'sandbox',

    async createJsapiTransaction(input) {
      const prepayId = `wx_sandbox_${randomBytes(12).toString('hex')}`;
      await sandboxRepository.insertTransaction(deps.db, {
        prepay_id: prepayId,
        site_id: site.id,
        out_trade_no: input.outTradeNo,
        description: input.description,
        amount_fen: input.amountFen,
        payer_openid: input.payerOpenid,
        notify_url: input.notifyUrl,
        expires_at: input.expiresAt,
        created_at: deps.clock.now(),
      });
      // The same out_trade_no again answers the prepay id it already has, as WeChat does.
      const row = await sandboxRepository.findByOutTradeNo(deps.db, site.id, input.outTradeNo);
      if (!row) throw new PayProviderError('SYSTEM_ERROR', 'sandbox transaction not stored');
      return { prepayId: row.prepay_id };
    },

    async createNativeTransaction(input) {
      await sandboxRepository.insertTransaction(deps.db, {
        prepay_id: `wx_sandbox_${randomBytes(12).toString('hex')}`,
        site_id: site.id,
        out_trade_no: input.outTradeNo,
        description: input.description,
        amount_fen: input.amountFen,
        payer_openid: SANDBOX_NATIVE_PAYER,
        notify_url: input.notifyUrl,
        expires_at: input.expiresAt,
        created_at: deps.clock.now(),
      });
      const row = await sandboxRepository.findByOutTradeNo(deps.db, site.id, input.outTradeNo);
      if (!row) throw new PayProviderError('SYSTEM_ERROR', 'sandbox transaction not stored');
      // The QR opens the sandbox's own page, where a tap pays (sandbox-pay.routes.ts).
      const origin = new URL(input.notifyUrl).origin;
      return { codeUrl: `${origin}${SANDBOX_PAGE_PATH.replace(':prepayId', row.prepay_id)}` };
    },

    signForClient(prepayId) {
      const appId = site.wechat_app_id;
      const timeStamp = String(Math.floor(deps.clock.now().getTime() / 1000));
      const nonceStr = randomBytes(8).toString('hex');
      const packageValue = `prepay_id=${prepayId}`;
      const paySign = hmac(site, `${appId}\n${timeStamp}\n${nonceStr}\n${packageValue}\n`);
      return { appId, timeStamp, nonceStr, packageValue, signType: 'RSA', paySign };
    },

    async parseNotification(headers, rawBody) {
      const timestamp = headers['wechatpay-timestamp'] ?? '';
      const nonce = headers['wechatpay-nonce'] ?? '';
      const signature = headers['wechatpay-signature'] ?? '';
      const expected = hmac(site, `${timestamp}\n${nonce}\n${rawBody}\n`);
      if (!signature || !sameText(signature, expected)) {
        throw new PayProviderError('SIGN_ERROR', 'signature does not match');
      }
      const age = Math.abs(deps.clock.now().getTime() / 1000 - Number(timestamp));
      if (!Number.isFinite(age) || age > NOTIFY_MAX_AGE_SECONDS) {
        throw new PayProviderError('SIGN_ERROR', 'notification timestamp too old');
      }
      let resource: TransactionResource;
      try {
        resource = decryptResource(site, rawBody);
      } catch (error) {
        if (error instanceof PayProviderError) throw error;
        throw new PayProviderError('BAD_NOTIFICATION', 'resource does not decrypt');
      }
      // The sandbox settles refunds at once, so it only ever notifies payments.
      return {
        kind: 'payment',
        payment: {
          outTradeNo: resource.out_trade_no,
          transactionId: resource.transaction_id,
          state: resource.trade_state,
          amountFen: resource.amount.total,
          payerOpenid: resource.payer.openid,
          successAt: new Date(resource.success_time),
        },
      };
    },

    async queryByOutTradeNo(outTradeNo) {
      const row = await sandboxRepository.findByOutTradeNo(deps.db, site.id, outTradeNo);
      if (!row) throw new PayProviderError('ORDER_NOT_EXIST', outTradeNo);
      return resultOf(row, deps.clock.now());
    },

    async close(outTradeNo) {
      const row = await sandboxRepository.findByOutTradeNo(deps.db, site.id, outTradeNo);
      if (!row) return;
      const closed = await sandboxRepository.updateState(
        deps.db,
        row.prepay_id,
        ['NOTPAY', 'PAYERROR'],
        {
          state: 'CLOSED',
        },
      );
      if (!closed && row.state !== 'CLOSED') {
        throw new PayProviderError('ORDERPAID', `${outTradeNo} is ${row.state}`);
      }
    },

    async refund(input) {
      const row = await sandboxRepository.findByOutTradeNo(deps.db, site.id, input.outTradeNo);
      if (!row || (row.state !== 'SUCCESS' && row.state !== 'REFUND')) {
        throw new PayProviderError('NOT_ENOUGH', `${input.outTradeNo} was not paid`);
      }
      const refund = await sandboxRepository.insertRefundOnce(deps.db, {
        outRefundNo: input.outRefundNo,
        outTradeNo: input.outTradeNo,
        refundId: `sandbox-refund-${randomBytes(10).toString('hex')}`,
        refundFen: input.refundFen,
        at: deps.clock.now(),
      });
      await sandboxRepository.updateState(deps.db, row.prepay_id, ['SUCCESS'], { state: 'REFUND' });
      return { outRefundNo: refund.out_refund_no, refundId: refund.refund_id, state: 'SUCCESS' };
    },

    async queryRefund(outRefundNo) {
      const refund = await sandboxRepository.findRefund(deps.db, site.id, outRefundNo);
      if (!refund) throw new PayProviderError('RESOURCE_NOT_EXISTS', outRefundNo);
      return { outRefundNo, refundId: refund.refund_id, state: 'SUCCESS' };
    },
  };
}
