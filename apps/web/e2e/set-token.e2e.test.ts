import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPhone, screenshot } from './support/browser';
import { createUser, handOffCode, signInFresh, tokenOf } from './support/login';
import { startServer, type RunningServer } from './support/server';

/**
 * `?setToken=` links (decision 038): a browser signed in as one person is never switched to the
 * link's account without asking, naming both; a hand-off code works once; a signed-out browser
 * takes the link's account as spec §4 says.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

/** Another person, made through the sandbox's scripted sign-in, with the name the app shows. */
async function anotherUser(): Promise<{ nickname: string; token: string }> {
  const { token } = await createUser(server.baseUrl);
  const response = await fetch(`${server.baseUrl}/api/userInfo/getUserInfo`, {
    headers: { site: 'www-test', token },
  });
  const envelope = (await response.json()) as { data: { nickname: string } };
  return { nickname: envelope.data.nickname, token };
}

describe('setToken links', () => {
  it('asks before switching a signed-in browser to the link’s account, and stays when told to', async () => {
    const context = await newPhone(browser);
    const page = await context.newPage();
    const me = await signInFresh(page, server.baseUrl, '/home/account');
    const other = await anotherUser();

    await page.goto(
      `${server.baseUrl}/home/account?setToken=${await handOffCode(server.baseUrl, other.token)}`,
    );
    const question = page.getByRole('alertdialog', { name: '切换账号？' });
    await poll(() => question.count()).toBe(1);
    expect(await question.innerText()).toContain(
      `当前已登录 ${me.nickname}，链接要切换到 ${other.nickname}，是否切换？`,
    );
    // The link is gone from the address bar, and nothing changed while the question waits.
    expect(new URL(page.url()).searchParams.has('setToken')).toBe(false);
    expect(await tokenOf(context)).toBe(me.token);
    await screenshot(page, 'set-token-ask');

    await page.getByRole('button', { name: `继续使用 ${me.nickname}` }).click();
    await poll(() => page.getByTestId('profile-name').textContent()).toBe(me.nickname);
    expect(await tokenOf(context)).toBe(me.token);

    // A new link, and this time the switch: a session of its own, never the other's token.
    await page.goto(
      `${server.baseUrl}/home/account?setToken=${await handOffCode(server.baseUrl, other.token)}`,
    );
    await page.getByRole('button', { name: `切换到 ${other.nickname}` }).click();
    await poll(() => page.getByTestId('profile-name').textContent()).toBe(other.nickname);
    const switched = await tokenOf(context);
    expect(switched).not.toBe(me.token);
    expect(switched).not.toBe(other.token);
    await context.close();
  });

  it('signs a signed-out browser in with a hand-off code once; the used link then signs in afresh', async () => {
    const other = await anotherUser();
    const code = await handOffCode(server.baseUrl, other.token);
    const first = await newPhone(browser);
    const page = await first.newPage();
    await page.goto(`${server.baseUrl}/home/account?setToken=${code}`);
    await poll(() => page.getByTestId('profile-name').textContent()).toBe(other.nickname);
    expect(new URL(page.url()).searchParams.has('setToken')).toBe(false);
    await first.close();

    // The same link in another browser: used, so that browser goes to the authorisation page.
    const second = await newPhone(browser);
    const again = await second.newPage();
    await again.goto(`${server.baseUrl}/home/account?setToken=${code}`);
    await again.waitForURL(/\/sandbox\/connect\/oauth2\/authorize/);
    expect((await second.cookies()).some((cookie) => cookie.name === 'movie.token')).toBe(false);
    await second.close();
  });
});
