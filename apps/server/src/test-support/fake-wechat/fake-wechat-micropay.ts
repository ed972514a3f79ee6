import { cinemaIsoOf } from '@marquee/contracts';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../lib/clock.js';
import {
  parseV2Xml,
  signV2,
  toV2Xml,
  verifyV2,
  type V2Params,
} from '../../lib/wechat/wechat-pay-v2.js';

/**
 * 付款码 payment as WeChat Pay API v2 documents it, for the fake WeChat server: `/pay/micropay`
 * (the cashier scanned the customer's payment code), `/pay/orderquery`, `/secapi/pay/reverse`.
 * Signed XML both ways with the merchant's v2 API key; an unsigned or wrongly signed request is
 * answered `return_code FAIL`. What a payment code does is scripted by the test (`script`): paid
 * at once (the default), USERPAYING until `confirm` (or forever), or a refusal such as NOTENOUGH.
 * Submitting the same out_trade_no again answers the transaction as it stands (WeChat's rule).
 */
export type AuthCodeScript =
  | { kind: 'paid' }
  | { kind: 'userPaying' }
  | { kind: 'refused'; errCode: string; errCodeDes: string };

interface Transaction {
  mchId: string;
  appId: string;
  outTradeNo: string;
  authCode: string;
  totalFee: number;
  state: 'SUCCESS' | 'USERPAYING' | 'PAYERROR' | 'REVOKED';
  transactionId: string;
  errCode?: string;
  errCodeDes?: string;
  paidAt: number | null;
}

export interface FakeXmlAnswer {
  status: number;
  /** The XML text of the answer. */
  xml: string;
}

export class FakeWechatMicropay {
  private readonly keys = new Map<string, string>();
  private readonly scripts = new Map<string, AuthCodeScript>();
  private readonly transactions = new Map<string, Transaction>();

  constructor(private readonly clock: Clock) {}

  /** A merchant and its v2 API key (32 characters, set in the merchant platform). */
  addMerchant(mchId: string, apiKey: string): void {
    this.keys.set(mchId, apiKey);
  }

  script(authCode: string, script: AuthCodeScript): void {
    this.scripts.set(authCode, script);
  }

  /** The customer typed the password on the phone: a USERPAYING transaction is paid. */
  confirm(outTradeNo: string): void {
    const transaction = this.transactions.get(outTradeNo);
    if (transaction?.state === 'USERPAYING') {
      transaction.state = 'SUCCESS';
      transaction.paidAt = this.clock.now().getTime();
    }
  }

  stateOf(outTradeNo: string): Transaction['state'] | undefined {
    return this.transactions.get(outTradeNo)?.state;
  }

  handle(method: string, path: string, body: string): FakeXmlAnswer {
    if (method !== 'POST') return { status: 405, xml: '' };
    let params: V2Params;
    try {
      params = parseV2Xml(body);
    } catch {
      return this.fail('XML格式错误');
    }
    const key = this.keys.get(params.mch_id ?? '');
    if (!key) return this.fail('mch_id参数格式错误');
    if (!params.appid || !params.nonce_str) return this.fail('缺少参数');
    if (!verifyV2(params, key)) return this.fail('签名错误');
    switch (path) {
      case '/pay/micropay':
        return this.micropay(params, key);
      case '/pay/orderquery':
        return this.orderQuery(params, key);
      case '/secapi/pay/reverse':
        return this.reverse(params, key);
      default:
        return { status: 404, xml: '' };
    }
  }

  private micropay(params: V2Params, key: string): FakeXmlAnswer {
    const totalFee = Number(params.total_fee);
    if (!params.out_trade_no || !params.auth_code || !params.body || !(totalFee > 0)) {
      return this.answer(params, key, { result_code: 'FAIL', err_code: 'PARAM_ERROR' });
    }
    let transaction = this.transactions.get(params.out_trade_no);
    if (transaction && transaction.authCode !== params.auth_code) {
      return this.answer(params, key, { result_code: 'FAIL', err_code: 'OUT_TRADE_NO_USED' });
    }
    if (!transaction) {
      const script = this.scripts.get(params.auth_code) ?? { kind: 'paid' };
      transaction = {
        mchId: params.mch_id!,
        appId: params.appid!,
        outTradeNo: params.out_trade_no,
        authCode: params.auth_code,
        totalFee,
        state:
          script.kind === 'paid'
            ? 'SUCCESS'
            : script.kind === 'userPaying'
              ? 'USERPAYING'
              : 'PAYERROR',
        transactionId: `4200${Date.now()}${randomBytes(4).toString('hex')}`,
        ...(script.kind === 'refused'
          ? { errCode: script.errCode, errCodeDes: script.errCodeDes }
          : {}),
        paidAt: script.kind === 'paid' ? this.clock.now().getTime() : null,
      };
      this.transactions.set(params.out_trade_no, transaction);
    }
    if (transaction.state === 'SUCCESS') {
      return this.answer(params, key, {
        result_code: 'SUCCESS',
        transaction_id: transaction.transactionId,
        out_trade_no: transaction.outTradeNo,
        total_fee: String(transaction.totalFee),
        openid: `fake-openid-${transaction.authCode.slice(-6)}`,
        time_end: timeEnd(transaction.paidAt!),
      });
    }
    if (transaction.state === 'USERPAYING') {
      return this.answer(params, key, {
        result_code: 'FAIL',
        err_code: 'USERPAYING',
        err_code_des: '需要用户输入支付密码',
      });
    }
    return this.answer(params, key, {
      result_code: 'FAIL',
      err_code: transaction.errCode ?? 'TRADE_ERROR',
      err_code_des: transaction.errCodeDes ?? '交易错误',
    });
  }

  private orderQuery(params: V2Params, key: string): FakeXmlAnswer {
    const transaction = this.transactions.get(params.out_trade_no ?? '');
    if (!transaction || transaction.mchId !== params.mch_id) {
      return this.answer(params, key, {
        result_code: 'FAIL',
        err_code: 'ORDERNOTEXIST',
        err_code_des: '此交易订单号不存在',
      });
    }
    return this.answer(params, key, {
      result_code: 'SUCCESS',
      trade_state: transaction.state,
      out_trade_no: transaction.outTradeNo,
      total_fee: String(transaction.totalFee),
      ...(transaction.state === 'SUCCESS'
        ? { transaction_id: transaction.transactionId, time_end: timeEnd(transaction.paidAt!) }
        : {}),
    });
  }

  /** Cancel a payment that did not end in time: money taken goes back (recall N: no retry). */
  private reverse(params: V2Params, key: string): FakeXmlAnswer {
    const transaction = this.transactions.get(params.out_trade_no ?? '');
    if (!transaction || transaction.mchId !== params.mch_id) {
      return this.answer(params, key, { result_code: 'FAIL', err_code: 'ORDERNOTEXIST' });
    }
    transaction.state = 'REVOKED';
    return this.answer(params, key, { result_code: 'SUCCESS', recall: 'N' });
  }

  private answer(params: V2Params, key: string, fields: V2Params): FakeXmlAnswer {
    const answer: V2Params = {
      return_code: 'SUCCESS',
      return_msg: 'OK',
      appid: params.appid!,
      mch_id: params.mch_id!,
      nonce_str: randomBytes(8).toString('hex'),
      ...fields,
    };
    return { status: 200, xml: toV2Xml({ ...answer, sign: signV2(answer, key) }) };
  }

  private fail(message: string): FakeXmlAnswer {
    return { status: 200, xml: toV2Xml({ return_code: 'FAIL', return_msg: message }) };
  }
}

/** WeChat's time_end: yyyyMMddHHmmss, China time. */
function timeEnd(at: number): string {
  return cinemaIsoOf(at).replace(/\D/g, '').slice(0, 14);
}
