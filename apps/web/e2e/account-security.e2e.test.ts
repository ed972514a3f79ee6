import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPhone, screenshot, untilStill } from './support/browser';
import { constants, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import { createUser, handOffCode, signInFresh, topUp, vouchers } from './support/login';
import { startServer, type RunningServer } from './support/server';

/**
 * 账户安全 on a phone: bind a phone with a texted code (read from the sandbox's SMS inbox, as a
 * tester does), reset the pay password with a code to that phone, and read the security log;
 * change a bound phone (proving the old one by a texted code, or by the pay password), after which
 * a reset by text waits 24 hours and the old number is told.
 */
let server: RunningServer;
let browser: Browser;

/**
 * One text code of a purpose per this many seconds: the product's minute made short, so the
 * phone change below waits out the set-up's code in seconds (still long enough to see the
 * countdown on the button).
 */
const RESEND_SECONDS = 15;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ PHONE_CODE_RESEND_SECONDS: String(RESEND_SECONDS) }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

/** The texts to `phone`, newest first, from the sandbox's inbox page. */
async function textsTo(phone: string): Promise<string[]> {
  const html = await (await fetch(`${server.baseUrl}/sandbox/sms?phone=${phone}`)).text();
  return [...html.matchAll(/<p>([^<]*)<\/p>/g)].map((m) => m[1]!);
}

/** One API call as the web app makes it, its envelope's data (throws on a non-zero code). */
async function apiCall<T>(token: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { site: 'www-test', token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** A pay password encrypted as the web app does it (RSA-OAEP SHA-256 over the JSON payload). */
async function encrypted(token: string, password: string): Promise<string> {
  const { spki } = await apiCall<{ spki: string }>(token, '/security/payKey');
  const key = createPublicKey({ key: Buffer.from(spki, 'base64'), format: 'der', type: 'spki' });
  const payload = { password, timestamp: Date.now(), nonce: randomBytes(16).toString('base64url') };
  return publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(JSON.stringify(payload)),
  ).toString('base64');
}

/** The code of the latest text to `phone`, from the sandbox's inbox page. */
async function textedCode(phone: string): Promise<string> {
  const html = await (await fetch(`${server.baseUrl}/sandbox/sms?phone=${phone}`)).text();
  const code = /验证码 (\d{6})/.exec(html)?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  return code;
}

async function typeOnPad(page: Page, digits: string) {
  for (const digit of digits) {
    await page
      .locator('.adm-number-keyboard-key:visible')
      .getByText(digit, { exact: true })
      .click();
  }
}

describe('account security', () => {
  it('binds a phone by SMS code, resets the pay password with a code, and logs both', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    await signInFresh(page, server.baseUrl, '/home/account');
    await page.getByRole('link', { name: /账户安全/ }).click();
    await page.waitForURL(/\/account\/security$/);
    await poll(() => page.getByTestId('bound-phone').innerText()).toBe('还没有绑定手机号');
    await screenshot(page, 'security-empty');

    const phone = `137${String(Date.now()).slice(-8)}`;
    await page.getByRole('button', { name: '绑定手机号' }).click();
    await page.getByRole('textbox', { name: '手机号', exact: true }).fill(phone);
    const send = page.getByRole('button', { name: '获取验证码' }).first();
    await send.click();
    await poll(() => page.getByRole('status').first().innerText()).toContain('验证码已发送至');
    expect(await page.getByRole('button', { name: /秒后可重新获取/ }).count()).toBe(1);
    await page
      .getByLabel('短信验证码')
      .first()
      .fill(await textedCode(phone));
    await screenshot(page, 'security-bind');
    await page.getByRole('button', { name: '确认绑定' }).click();
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    await poll(() => page.getByTestId('bound-phone').innerText()).toBe(`已绑定 ${masked}`);

    // 忘记支付密码: a code to the bound phone, then the new password twice on the keypad.
    await page.getByRole('button', { name: '获取验证码' }).click();
    await poll(() => page.getByText(`验证码已发送至 ${masked}`).count()).toBe(1);
    await page.getByLabel('短信验证码').fill(await textedCode(phone));
    await page.getByRole('button', { name: '下一步：设置新密码' }).click();
    const sheet = page.getByRole('dialog', { name: '设置新的支付密码' });
    await untilStill(sheet);
    expect(
      await page
        .locator('.pay-password-sheet')
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe('rgb(255, 255, 255)');
    await screenshot(page, 'security-reset-sheet');
    await page.getByLabel('支付密码输入框，点击后用数字键盘输入').click();
    await typeOnPad(page, '907153');
    await poll(() => page.getByTestId('pay-password-step').innerText()).toBe(
      '请再次输入新的支付密码',
    );
    await typeOnPad(page, '907153');
    await poll(() => sheet.count()).toBe(0);

    const log = page.getByTestId('security-log');
    await poll(() => log.innerText()).toContain('通过短信验证码重置了支付密码');
    expect(await log.innerText()).toContain(`绑定手机号 ${masked}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await screenshot(page, 'security-done');

    // 我的 shows the bound phone masked, never in full.
    await page.goto(`${server.baseUrl}/home/account`);
    const account = page.locator('.profile__meta');
    await poll(() => account.innerText()).toContain(masked);
    expect(await page.locator('body').innerText()).not.toContain(phone);
    await context.close();
  });

  it('changes a bound phone only after proving the old one; resets by text then wait 24 hours', async () => {
    // Set up through the API: a phone bound and a pay password set, as the owner did earlier.
    const owner = await createUser(server.baseUrl);
    const phone = `133${String(Date.now()).slice(-8)}`;
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    await apiCall(owner.token, '/userInfo/phoneCode/send', { purpose: 'bindPhone', phone });
    await apiCall(owner.token, '/userInfo/phone/bind', { phone, code: await textedCode(phone) });
    const boundAt = Date.now();
    await apiCall(owner.token, '/userInfo/card/setPassword', {
      password: await encrypted(owner.token, '258036'),
    });

    const context = await newPhone(browser);
    const page = await context.newPage();
    const code = await handOffCode(server.baseUrl, owner.token);
    await page.goto(`${server.baseUrl}/account/security?setToken=${code}`);
    await poll(() => page.getByTestId('bound-phone').innerText()).toBe(`已绑定 ${masked}`);

    // Step 1: a code texted to the bound phone.
    await page.getByRole('button', { name: '更换手机号' }).click();
    const prove = page.locator('form', { hasText: '第一步：验证原手机号' });
    await prove.getByRole('button', { name: '获取验证码' }).click();
    await poll(() => prove.getByText(`验证码已发送至 ${masked}`).count()).toBe(1);
    await prove.getByLabel('短信验证码').fill(await textedCode(phone));
    await screenshot(page, 'security-change-prove');
    await prove.getByRole('button', { name: '验证，下一步' }).click();

    // Step 2: the new number's code (one bind code per resend interval: wait out the set-up's).
    const next = `135${String(Date.now()).slice(-8)}`;
    const nextMasked = `${next.slice(0, 3)}****${next.slice(-4)}`;
    const bind = page.locator('form', { hasText: '第二步：绑定新手机号' });
    await bind.getByRole('textbox', { name: '手机号', exact: true }).fill(next);
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, boundAt + (RESEND_SECONDS + 1) * 1000 - Date.now())),
    );
    await bind.getByRole('button', { name: '获取验证码' }).click();
    await poll(() => bind.getByText(`验证码已发送至 ${nextMasked}`).count()).toBe(1);
    await bind.getByLabel('短信验证码').fill(await textedCode(next));
    await screenshot(page, 'security-change-new');
    await bind.getByRole('button', { name: '确认更换' }).click();
    await poll(() => page.getByTestId('bound-phone').innerText()).toBe(`已绑定 ${nextMasked}`);
    expect(await page.getByTestId('reset-opens-at').innerText()).toMatch(
      /^为保护账户资金，\d{4}-\d{2}-\d{2} \d{2}:\d{2}（北京时间）前不能用短信重置支付密码。$/,
    );
    // The old number is told; the log says it.
    expect((await textsTo(phone))[0]).toContain(`更换为 ${nextMasked}`);
    const log = page.getByTestId('security-log');
    await poll(() => log.innerText()).toContain(`手机号由 ${masked} 更换为 ${nextMasked}`);

    // 忘记支付密码 now waits, and says until when.
    const reset = page.locator('section', { hasText: '忘记支付密码' });
    await reset.getByRole('button', { name: '获取验证码' }).click();
    await poll(() => reset.getByRole('alert').innerText()).toContain('（北京时间）后再试');
    await poll(() => log.innerText()).toContain('短信重置支付密码被拒绝');
    await screenshot(page, 'security-changed');

    // Another change, proved by the pay password: a wrong one is refused, the right one passes.
    await page.getByRole('button', { name: '更换手机号' }).click();
    await page.getByRole('radio', { name: '输入支付密码' }).click();
    const password = page.getByLabel('支付密码', { exact: true });
    await password.fill('111111');
    await page.getByRole('button', { name: '验证，下一步' }).click();
    await poll(() => page.getByRole('alert').first().innerText()).toContain('支付密码错误');
    await password.fill('258036');
    await page.getByRole('button', { name: '验证，下一步' }).click();
    await poll(() => page.getByText('第二步：绑定新手机号').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await context.close();
  }, 120_000);

  it('asks a texted code before a first pay password on an account with card money', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const user = await signInFresh(page, server.baseUrl, '/home/account');
    // A phone bound and money on a card, as an owner who never set a pay password has.
    const phone = `135${String(Date.now()).slice(-8)}`;
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    await apiCall(user.token, '/userInfo/phoneCode/send', { purpose: 'bindPhone', phone });
    await apiCall(user.token, '/userInfo/phone/bind', { phone, code: await textedCode(phone) });
    await topUp(server.baseUrl, user.token, vouchers.general10);
    // Without the code the server changes nothing.
    const refused = await fetch(`${server.baseUrl}/api/userInfo/card/setPassword`, {
      method: 'POST',
      headers: { site: 'www-test', token: user.token, 'content-type': 'application/json' },
      body: JSON.stringify({ password: await encrypted(user.token, '258013') }),
    });
    expect(((await refused.json()) as { code: number }).code).toBe(42286);
    await page.reload();
    await poll(() => page.getByTestId('pay-password-state').textContent()).toBe('未设置');

    // The sheet asks for the code first, checks it, and only then for the password.
    await page.getByRole('button', { name: '设置支付密码' }).click();
    await poll(() => page.getByTestId('pay-password-step').textContent()).toBe(
      `账户里的卡有余额，请先验证绑定的手机 ${masked}`,
    );
    expect(await page.getByRole('button', { name: /支付密码输入框/ }).count()).toBe(0);
    await page.getByRole('dialog').getByRole('button', { name: '获取验证码' }).click();
    await poll(() => page.getByRole('dialog').getByRole('status').innerText()).toContain(
      `验证码已发送至 ${masked}`,
    );
    const code = await textedCode(phone);
    await page
      .getByRole('dialog')
      .getByLabel('短信验证码')
      .fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: '验证并设置密码' }).click();
    await poll(() => page.getByRole('dialog').getByRole('alert').innerText()).toContain('验证码');
    await screenshot(page, 'security-first-password-code');
    await page.getByRole('dialog').getByLabel('短信验证码').fill(code);
    await page.getByRole('button', { name: '验证并设置密码' }).click();
    await poll(() => page.getByTestId('pay-password-step').textContent()).toBe(
      '请设置 6 位数字支付密码',
    );
    await page.getByRole('button', { name: /支付密码输入框/ }).click();
    await untilStill(page.locator('.adm-number-keyboard-key:visible').first());
    await typeOnPad(page, '258013');
    await poll(() => page.getByTestId('pay-password-step').textContent()).toBe(
      '请再次输入新的支付密码',
    );
    await typeOnPad(page, '258013');
    await poll(() => page.getByTestId('pay-password-state').textContent()).toBe('已设置');
    await context.close();
  });
});
