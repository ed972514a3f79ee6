import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../../lib/clock.js';
import { FakeWechatMicropay } from './fake-wechat-micropay.js';
import { FakeWechatPay, type FakeAnswer } from './fake-wechat-pay.js';
import { TEST_WECHAT } from './test-credentials.js';

/** WeChat's documented lifetimes: codes 5 minutes, tokens and tickets 7200 s. */
const CODE_SECONDS = 300;
const TOKEN_SECONDS = 7200;

interface FakeUser {
  openid: string;
  nickname: string;
  headimgurl: string;
  unionid?: string;
}

/**
 * A fault the fake plays instead of (or before) answering, for the requests whose path matches:
 * `slow` answers after `delayMs`, `error` answers `status` (500 by default) without doing anything,
 * `hang` never answers (until the fake closes). `times` limits it to the next so many requests.
 */
export interface FakeFault {
  kind: 'slow' | 'error' | 'hang';
  path?: RegExp;
  delayMs?: number;
  status?: number;
  times?: number;
}

interface Expiring {
  appId: string;
  expiresAt: number;
}

const err = (errcode: number, errmsg: string): FakeAnswer => ({
  status: 200, // WeChat answers its errors with HTTP 200 and an errcode
  body: { errcode, errmsg: `${errmsg}, rid: ${randomBytes(4).toString('hex')}` },
});

/**
 * A local WeChat for the test suite, listening on 127.0.0.1: the web authorisation
 * (`sns/oauth2/access_token`, `sns/userinfo`), `cgi-bin/token`, `cgi-bin/ticket/getticket` and
 * WeChat Pay API v3 (see fake-wechat-pay.ts), following WeChat's documented protocol: single-use
 * codes that expire after 5 minutes, tokens that expire, errcode answers, signed requests and
 * answers. Its clock is the test's clock, so expiry is tested by moving time.
 */
export class FakeWechatServer {
  readonly pay: FakeWechatPay;
  /** 付款码 payment of WeChat Pay API v2 (XML): `/pay/micropay`, `/pay/orderquery`, `/secapi/pay/reverse`. */
  readonly micropay: FakeWechatMicropay;
  /** How many times each endpoint answered (successfully or not). */
  readonly calls: Record<string, number> = {};
  private readonly apps = new Map<string, string>();
  private readonly users = new Map<string, FakeUser>();
  private readonly codes = new Map<
    string,
    { appId: string; openid: string; scope: string; issuedAt: number; isUsed: boolean }
  >();
  private readonly oauthTokens = new Map<string, Expiring & { openid: string }>();
  private readonly accessTokens = new Map<string, Expiring>();
  /** Template ids of subscription notices each app has added (app id → ids). */
  private readonly noticeTemplates = new Map<string, Set<string>>();
  /** One-time subscriptions (openid and template id → how many notices they still let through). */
  private readonly subscriptions = new Map<string, number>();
  /** What bizsend accepted, in order. */
  readonly notices: {
    appId: string;
    touser: string;
    template_id: string;
    page?: string;
    data: unknown;
  }[] = [];
  private server: http.Server | null = null;
  private fault: FakeFault | null = null;
  private readonly hanging = new Set<http.ServerResponse>();
  baseUrl = '';

  constructor(private readonly clock: Clock) {
    this.pay = new FakeWechatPay(clock, {
      serial: TEST_WECHAT.platformSerial,
      privateKeyPem: TEST_WECHAT.platformPrivateKey,
    });
    // The second serial of a rotation; used when a test names it (answerSerial, noticeSerial).
    this.pay.addPlatformKey({
      serial: TEST_WECHAT.certificateSerial,
      privateKeyPem: TEST_WECHAT.certificatePrivateKey,
    });
    this.micropay = new FakeWechatMicropay(clock);
  }

  static async start(clock: Clock): Promise<FakeWechatServer> {
    const fake = new FakeWechatServer(clock);
    await fake.listen();
    return fake;
  }

  /** An official account (app id and secret) with its WeChat Pay merchant, test keys. */
  registerApp(appId: string, secret: string = TEST_WECHAT.appSecret): void {
    this.apps.set(appId, secret);
    this.pay.merchants.set(TEST_WECHAT.mchid, {
      mchid: TEST_WECHAT.mchid,
      appId,
      serialNo: TEST_WECHAT.merchantSerialNo,
      publicKeyPem: TEST_WECHAT.merchantPublicKey,
      apiV3Key: TEST_WECHAT.apiV3Key,
    });
  }

  /** A person authorises the app on WeChat's page: WeChat redirects back with this code. */
  issueCode(
    appId: string,
    user: { openid: string; nickname: string; headimgurl?: string; unionid?: string },
    scope: 'snsapi_userinfo' | 'snsapi_base' = 'snsapi_userinfo',
  ): string {
    this.users.set(user.openid, { headimgurl: '', ...user });
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, {
      appId,
      openid: user.openid,
      scope,
      issuedAt: this.now(),
      isUsed: false,
    });
    return code;
  }

  /** The official account adds a subscription-notice template (公共模板库 → 我的模板). */
  addNoticeTemplate(appId: string, templateId: string): void {
    const ids = this.noticeTemplates.get(appId) ?? new Set<string>();
    ids.add(templateId);
    this.noticeTemplates.set(appId, ids);
  }

  /** The user accepts the template in wx-open-subscribe: it lets one notice through. */
  subscribe(openid: string, templateId: string): void {
    const key = `${openid}:${templateId}`;
    this.subscriptions.set(key, (this.subscriptions.get(key) ?? 0) + 1);
  }

  /** WeChat ends every access token early (another system fetched a new one). */
  revokeAccessTokens(): void {
    this.accessTokens.clear();
  }

  /** Play `fault` from now on (null: answer normally again). */
  setFault(fault: FakeFault | null): void {
    this.fault = fault;
  }

  /** The fault this request gets, if any (and one fewer left of a limited fault). */
  private faultFor(url: string): FakeFault | null {
    const fault = this.fault;
    const path = url.split('?')[0] ?? '';
    if (!fault || (fault.path && !fault.path.test(path))) return null;
    if (fault.times !== undefined) {
      fault.times -= 1;
      if (fault.times <= 0) this.fault = null;
    }
    return fault;
  }

  count(path: string): number {
    return this.calls[path] ?? 0;
  }

  private now(): number {
    return this.clock.now().getTime();
  }

  private listen(): Promise<void> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const fault = this.faultFor(request.url ?? '/');
        if (fault?.kind === 'hang') {
          this.hanging.add(response);
          return;
        }
        if (fault?.kind === 'error') {
          const path = (request.url ?? '/').split('?')[0] ?? '';
          this.calls[path] = (this.calls[path] ?? 0) + 1;
          response.writeHead(fault.status ?? 500, { 'content-type': 'text/html' });
          response.end('<html><body>502 Bad Gateway</body></html>');
          return;
        }
        const path = (request.url ?? '/').split('?')[0] ?? '';
        if (path.startsWith('/pay/') || path.startsWith('/secapi/pay/')) {
          this.calls[path] = (this.calls[path] ?? 0) + 1;
          const result = this.micropay.handle(
            request.method ?? 'GET',
            path,
            Buffer.concat(chunks).toString('utf8'),
          );
          response.writeHead(result.status, { 'content-type': 'text/xml; charset=utf-8' });
          response.end(result.xml);
          return;
        }
        const answer = () => {
          const result = this.handle(
            request.method ?? 'GET',
            request.url ?? '/',
            request.headers as Record<string, string>,
            Buffer.concat(chunks).toString('utf8'),
          );
          const text = result.body === null ? '' : JSON.stringify(result.body);
          response.writeHead(result.status, {
            ...(text ? { 'content-type': 'application/json' } : {}),
            ...result.headers,
          });
          response.end(text);
        };
        if (fault?.kind === 'slow') setTimeout(answer, fault.delayMs ?? 1000);
        else answer();
      });
    });
    return new Promise((resolve) => {
      this.server!.listen(0, '127.0.0.1', () => {
        this.baseUrl = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.hanging.clear();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  private handle(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: string,
  ): FakeAnswer {
    const path = url.split('?')[0] ?? '';
    this.calls[path] = (this.calls[path] ?? 0) + 1;
    if (path.startsWith('/v3/')) return this.pay.handle(method, url, headers, body);
    const q = new URL(url, 'http://fake').searchParams;
    if (path === '/cgi-bin/message/subscribe/bizsend') {
      return method === 'POST' ? this.bizsend(q, body) : { status: 405, body: null };
    }
    if (method !== 'GET') return { status: 405, body: null };
    switch (path) {
      case '/sns/oauth2/access_token':
        return this.oauthAccessToken(q);
      case '/sns/userinfo':
        return this.userInfo(q);
      case '/cgi-bin/token':
        return this.accessToken(q);
      case '/cgi-bin/ticket/getticket':
        return this.ticket(q);
      default:
        return { status: 404, body: null };
    }
  }

  private checkApp(q: URLSearchParams): FakeAnswer | null {
    const secret = this.apps.get(q.get('appid') ?? '');
    if (secret === undefined) return err(40013, 'invalid appid');
    if (secret !== q.get('secret')) return err(40125, 'invalid appsecret');
    return null;
  }

  private oauthAccessToken(q: URLSearchParams): FakeAnswer {
    const refused = this.checkApp(q);
    if (refused) return refused;
    if (q.get('grant_type') !== 'authorization_code') return err(40002, 'invalid grant_type');
    const code = this.codes.get(q.get('code') ?? '');
    if (!code || code.appId !== q.get('appid')) return err(40029, 'invalid code');
    if (code.isUsed) return err(40163, 'code been used');
    if (this.now() - code.issuedAt > CODE_SECONDS * 1000) return err(42003, 'code expired');
    code.isUsed = true;
    const token = randomBytes(20).toString('hex');
    this.oauthTokens.set(token, {
      appId: code.appId,
      openid: code.openid,
      expiresAt: this.now() + TOKEN_SECONDS * 1000,
    });
    const user = this.users.get(code.openid);
    return {
      status: 200,
      body: {
        access_token: token,
        expires_in: TOKEN_SECONDS,
        refresh_token: randomBytes(20).toString('hex'),
        openid: code.openid,
        scope: code.scope,
        ...(user?.unionid ? { unionid: user.unionid } : {}),
      },
    };
  }

  private userInfo(q: URLSearchParams): FakeAnswer {
    const token = this.oauthTokens.get(q.get('access_token') ?? '');
    if (!token) return err(40001, 'invalid credential, access_token is invalid or not latest');
    if (token.expiresAt <= this.now()) return err(42001, 'access_token expired');
    if (token.openid !== q.get('openid')) return err(40003, 'invalid openid');
    const user = this.users.get(token.openid)!;
    return {
      status: 200,
      body: {
        openid: user.openid,
        nickname: user.nickname,
        sex: 0,
        province: '',
        city: '',
        country: '',
        headimgurl: user.headimgurl,
        privilege: [],
        ...(user.unionid ? { unionid: user.unionid } : {}),
      },
    };
  }

  private accessToken(q: URLSearchParams): FakeAnswer {
    if (q.get('grant_type') !== 'client_credential') return err(40002, 'invalid grant_type');
    const refused = this.checkApp(q);
    if (refused) return refused;
    const token = randomBytes(24).toString('hex');
    this.accessTokens.set(token, {
      appId: q.get('appid')!,
      expiresAt: this.now() + TOKEN_SECONDS * 1000,
    });
    return { status: 200, body: { access_token: token, expires_in: TOKEN_SECONDS } };
  }

  private ticket(q: URLSearchParams): FakeAnswer {
    const token = this.accessTokens.get(q.get('access_token') ?? '');
    if (!token) return err(40001, 'invalid credential, access_token is invalid or not latest');
    if (token.expiresAt <= this.now()) return err(42001, 'access_token expired');
    if (q.get('type') !== 'jsapi') return err(40097, 'invalid args');
    return {
      status: 200,
      body: {
        errcode: 0,
        errmsg: 'ok',
        ticket: `fake-ticket-${randomBytes(16).toString('hex')}`,
        expires_in: TOKEN_SECONDS,
      },
    };
  }

  /**
   * 服务号订阅通知 `POST cgi-bin/message/subscribe/bizsend`: a valid access token, a JSON body with
   * `touser` (an openid of the app), `template_id` (one of the app's templates) and `data`; the user
   * must have accepted that template (one-time: each acceptance lets one notice through), else
   * 43101 "user refuse to accept the msg".
   */
  private bizsend(q: URLSearchParams, body: string): FakeAnswer {
    const token = this.accessTokens.get(q.get('access_token') ?? '');
    if (!token) return err(40001, 'invalid credential, access_token is invalid or not latest');
    if (token.expiresAt <= this.now()) return err(42001, 'access_token expired');
    let request: { touser?: unknown; template_id?: unknown; page?: unknown; data?: unknown };
    try {
      request = JSON.parse(body) as typeof request;
    } catch {
      return err(47001, 'data format error');
    }
    if (typeof request.touser !== 'string' || !this.users.has(request.touser)) {
      return err(40003, 'invalid openid');
    }
    const templateId = String(request.template_id ?? '');
    if (!this.noticeTemplates.get(token.appId)?.has(templateId)) {
      return err(40037, 'invalid template_id');
    }
    const data = request.data as Record<string, { value?: unknown }> | undefined;
    const isDataValid =
      typeof data === 'object' &&
      data !== null &&
      Object.values(data).every((field) => typeof field?.value === 'string');
    if (!isDataValid) return err(47003, 'argument invalid! data.value invalid');
    const key = `${request.touser}:${templateId}`;
    const left = this.subscriptions.get(key) ?? 0;
    if (left <= 0) return err(43101, 'user refuse to accept the msg');
    this.subscriptions.set(key, left - 1);
    this.notices.push({
      appId: token.appId,
      touser: request.touser,
      template_id: templateId,
      ...(typeof request.page === 'string' ? { page: request.page } : {}),
      data,
    });
    return { status: 200, body: { errcode: 0, errmsg: 'ok' } };
  }
}
