import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../../lib/clock.js';
import { localDateOf } from '../../lib/local-date.js';
import {
  parseTc3Authorization,
  sameSignature,
  tc3Signature,
  utcDateOf,
} from '../../lib/tencent-cloud/tc3-signature.js';

/** A Tencent Cloud account's API key and the SMS application, sign and templates it has approved. */
export interface FakeSmsAccount {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  /** Approved template id → how many parameters ({1}, {2}, …) its text has. */
  templates: Record<string, number>;
}

/**
 * What the fake plays instead of answering normally: `hang` never answers (until it closes),
 * `http` answers `status` with an HTML page (a gateway in the way), `error` answers the documented
 * `Response.Error` with `code`, `status` answers the request but gives the number `code`.
 * `times` limits it to the next so many requests.
 */
export type FakeSmsFault =
  | { kind: 'hang'; times?: number }
  | { kind: 'http'; status: number; times?: number }
  | { kind: 'error' | 'status'; code: string; times?: number };

export interface FakeSentSms {
  phone: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  params: string[];
  region: string;
  /** The China calendar day it was sent on (the daily limit counts by it). */
  day: string;
}

const ACTION = 'SendSms';
const VERSION = '2021-01-11';
const REGIONS = new Set(['ap-guangzhou', 'ap-beijing', 'ap-nanjing']);
/** Tencent refuses a timestamp more than five minutes from its own time. */
const SKEW_SECONDS = 300;

const messages: Record<string, string> = {
  Ok: 'send success',
  'LimitExceeded.PhoneNumberDailyLimit':
    'the number of sms messages sent from a single mobile number every day exceeds the upper limit',
  'FailedOperation.PhoneNumberInBlacklist': 'phone number in blacklist',
  'InvalidParameterValue.IncorrectPhoneNumber': 'incorrect phone number',
};

/**
 * A local Tencent Cloud SMS (API 3.0 `SendSms`, version 2021-01-11) for the test suite, on
 * 127.0.0.1: it checks the request as Tencent documents it (POST of JSON to `/`, the X-TC-*
 * headers, a TC3-HMAC-SHA256 signature over the signed headers and the exact body, a timestamp
 * within five minutes of its clock, which is the test's), then the account's SDK app id, sign,
 * template and parameter count, then each number (format, blocklist, a daily limit per number by
 * China's calendar day). Answers are HTTP 200 with `{ Response: { SendStatusSet, RequestId } }`
 * or `{ Response: { Error: { Code, Message }, RequestId } }`.
 */
export class FakeTencentSms {
  /** Messages it accepted ("Ok"), in order. */
  readonly sent: FakeSentSms[] = [];
  /** Requests whose signature it checked and found right. */
  verifiedSignatures = 0;
  /** Requests it received, answered or not. */
  requests = 0;
  /** Messages a number may get a day before LimitExceeded.PhoneNumberDailyLimit. */
  dailyLimitPerPhone = 10;
  readonly blockedPhones = new Set<string>();
  private readonly accounts = new Map<string, FakeSmsAccount>();
  private fault: FakeSmsFault | null = null;
  private server: http.Server | null = null;
  private readonly hanging = new Set<http.ServerResponse>();
  endpoint = '';

  private constructor(private readonly clock: Clock) {}

  static async start(clock: Clock): Promise<FakeTencentSms> {
    const fake = new FakeTencentSms(clock);
    fake.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        fake.requests += 1;
        fake.answer(request, Buffer.concat(chunks).toString('utf8'), response);
      });
    });
    await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', resolve));
    fake.endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  addAccount(account: FakeSmsAccount): void {
    this.accounts.set(account.secretId, account);
  }

  /** Play `fault` from now on (null: answer normally again). */
  setFault(fault: FakeSmsFault | null): void {
    this.fault = fault;
  }

  async close(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.hanging.clear();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  private takeFault(): FakeSmsFault | null {
    const fault = this.fault;
    if (fault?.times !== undefined) {
      this.fault = fault.times > 1 ? { ...fault, times: fault.times - 1 } : null;
    }
    return fault;
  }

  private answer(request: http.IncomingMessage, body: string, response: http.ServerResponse) {
    const fault = this.takeFault();
    if (fault?.kind === 'hang') {
      this.hanging.add(response);
      return;
    }
    if (fault?.kind === 'http') {
      response.writeHead(fault.status, { 'content-type': 'text/html' });
      response.end('<html><body>Bad Gateway</body></html>');
      return;
    }
    const requestId = randomUUID();
    const reply = (payload: object) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ Response: { ...payload, RequestId: requestId } }));
    };
    const refused = this.check(request, body);
    if (refused) return reply({ Error: refused });
    if (fault?.kind === 'error') return reply({ Error: { Code: fault.code, Message: fault.code } });
    const params = JSON.parse(body) as Record<string, unknown>;
    const refusedSend = this.checkSend(request, params);
    if (refusedSend) return reply({ Error: refusedSend });
    const numbers = params.PhoneNumberSet as string[];
    const SendStatusSet = numbers.map((number) => {
      const code = fault?.kind === 'status' ? fault.code : this.sendOne(request, params, number);
      return {
        SerialNo: code === 'Ok' ? `2433:${randomUUID().replace(/-/g, '')}` : '',
        PhoneNumber: number,
        Fee: code === 'Ok' ? 1 : 0,
        SessionContext: typeof params.SessionContext === 'string' ? params.SessionContext : '',
        Code: code,
        Message: messages[code] ?? code,
        IsoCode: 'CN',
      };
    });
    reply({ SendStatusSet });
  }

  /** The request as a whole: protocol, headers, signature. */
  private check(
    request: http.IncomingMessage,
    body: string,
  ): { Code: string; Message: string } | null {
    const error = (Code: string, Message: string) => ({ Code, Message });
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(',') : value;
    };
    if (request.method !== 'POST' || (request.url ?? '/') !== '/') {
      return error('InvalidParameter', 'API 3.0 takes a POST to "/"');
    }
    if (header('content-type') !== 'application/json; charset=utf-8') {
      return error('InvalidParameter', 'Content-Type must be application/json; charset=utf-8');
    }
    if (header('x-tc-action') !== ACTION) return error('InvalidAction', 'unknown action');
    if (header('x-tc-version') !== VERSION) return error('NoSuchVersion', 'unknown version');
    if (!REGIONS.has(header('x-tc-region') ?? '')) {
      return error('InvalidParameterValue', 'X-TC-Region is not a region of SMS');
    }
    const auth = parseTc3Authorization(header('authorization'));
    if (!auth) return error('AuthFailure.InvalidAuthorization', 'Authorization is not TC3');
    const timestamp = Number(header('x-tc-timestamp'));
    const now = Math.floor(this.clock.now().getTime() / 1000);
    if (!Number.isInteger(timestamp) || Math.abs(now - timestamp) > SKEW_SECONDS) {
      return error('AuthFailure.SignatureExpire', 'the signature expired (clock off by 5 min)');
    }
    const account = this.accounts.get(auth.secretId);
    if (!account) return error('AuthFailure.SecretIdNotFound', 'the SecretId is not found');
    if (
      !auth.signedHeaders.includes('content-type') ||
      !auth.signedHeaders.includes('host') ||
      auth.date !== utcDateOf(timestamp) ||
      auth.service !== 'sms'
    ) {
      return error('AuthFailure.SignatureFailure', 'the credential scope or headers are wrong');
    }
    const signed = Object.fromEntries(auth.signedHeaders.map((name) => [name, header(name) ?? '']));
    const expected = tc3Signature(account.secretKey, {
      method: 'POST',
      headers: signed,
      payload: body,
      timestamp,
      service: 'sms',
    });
    if (!sameSignature(expected, auth.signature)) {
      return error(
        'AuthFailure.SignatureFailure',
        'The provided credentials could not be validated. Please check your signature is correct.',
      );
    }
    this.verifiedSignatures += 1;
    return null;
  }

  /** The SendSms parameters against the signing account's application, sign and templates. */
  private checkSend(
    request: http.IncomingMessage,
    params: Record<string, unknown>,
  ): { Code: string; Message: string } | null {
    const error = (Code: string, Message: string) => ({ Code, Message });
    const account = this.accountOf(request)!;
    const numbers = params.PhoneNumberSet;
    if (!Array.isArray(numbers) || numbers.length === 0 || numbers.length > 200) {
      return error('MissingParameter', 'PhoneNumberSet needs 1 to 200 numbers');
    }
    if (params.SmsSdkAppId !== account.sdkAppId) {
      return error('UnauthorizedOperation.SmsSdkAppIdVerifyFail', 'SmsSdkAppId verify fail');
    }
    if (params.SignName !== account.signName) {
      return error('FailedOperation.SignatureIncorrectOrUnapproved', 'signature unapproved');
    }
    const paramCount = account.templates[String(params.TemplateId)];
    if (paramCount === undefined) {
      return error('FailedOperation.TemplateIncorrectOrUnapproved', 'template unapproved');
    }
    const templateParams = params.TemplateParamSet ?? [];
    if (
      !Array.isArray(templateParams) ||
      templateParams.length !== paramCount ||
      templateParams.some((p) => typeof p !== 'string')
    ) {
      return error(
        'InvalidParameterValue.TemplateParameterFormatError',
        'template parameters do not match the template',
      );
    }
    return null;
  }

  private accountOf(request: http.IncomingMessage): FakeSmsAccount | undefined {
    const auth = parseTc3Authorization(String(request.headers.authorization ?? ''));
    return auth ? this.accounts.get(auth.secretId) : undefined;
  }

  /** One number: its format, the blocklist, its daily limit; "Ok" records it as sent. */
  private sendOne(
    request: http.IncomingMessage,
    params: Record<string, unknown>,
    number: unknown,
  ): string {
    const match = /^(?:\+86|0086|86)?(1[3-9]\d{9})$/.exec(String(number));
    if (!match) return 'InvalidParameterValue.IncorrectPhoneNumber';
    const phone = match[1]!;
    if (this.blockedPhones.has(phone)) return 'FailedOperation.PhoneNumberInBlacklist';
    const today = localDateOf(this.clock.now());
    const sentToday = this.sent.filter((m) => m.phone === phone && m.day === today);
    if (sentToday.length >= this.dailyLimitPerPhone) return 'LimitExceeded.PhoneNumberDailyLimit';
    this.sent.push({
      phone,
      sdkAppId: String(params.SmsSdkAppId),
      signName: String(params.SignName),
      templateId: String(params.TemplateId),
      params: params.TemplateParamSet as string[],
      region: String(request.headers['x-tc-region']),
      day: today,
    });
    return 'Ok';
  }
}
