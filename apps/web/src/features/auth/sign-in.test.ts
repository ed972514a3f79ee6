import { describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@marquee/contracts';
import {
  authorizeUrl,
  chooseAccount,
  restartSignIn,
  runSignIn,
  type SignInDeps,
  type SignInOutcome,
} from './sign-in';

const user: UserInfo = {
  id: 'u1',
  nickname: '小影',
  avatarUrl: null,
  phone: null,
  hasPayPassword: false,
  isCareMode: false,
  createdAt: '2026-11-22T00:00:00.000Z',
};
const alex: UserInfo = { ...user, id: 'u2', nickname: 'Alex' };

function fakeDeps(
  start: string,
  token?: string,
  overrides: Partial<SignInDeps> = {},
  keptState: string | null = 's',
) {
  let url = new URL(start);
  let stored = token;
  let kept = keptState;
  const deps = {
    getUrl: () => url,
    replaceUrl: vi.fn((next: URL) => {
      url = next;
    }),
    redirect: vi.fn(),
    reload: vi.fn(),
    getToken: () => stored,
    setToken: vi.fn((value: string) => {
      stored = value;
    }),
    clearToken: vi.fn(() => {
      stored = undefined;
    }),
    login: vi.fn(async () => ({ userInfo: user, token: 'fresh-token' })),
    // The server answers a raw token as it is, as the account `user`.
    exchangeSetToken: vi.fn(async (setToken: string) => ({
      userInfo: user,
      token: setToken,
      isHandOff: false,
    })),
    getUserInfo: vi.fn(async () => user),
    getAuthConfig: vi.fn(async () => ({
      appId: 'wx-app',
      authorizeUrl: '/sandbox/connect/oauth2/authorize',
    })),
    newState: () => 'state-1',
    saveState: vi.fn((state: string) => {
      kept = state;
    }),
    takeState: vi.fn(() => {
      const state = kept;
      kept = null;
      return state;
    }),
    logError: vi.fn(),
    ...overrides,
  } satisfies SignInDeps;
  return { deps, currentUrl: () => url.toString(), token: () => stored, kept: () => kept };
}

describe('sign-in', () => {
  it('sends a visitor without a token to the authorisation page with the messenger parameters', async () => {
    const redirect = vi.fn();
    const { deps } = fakeDeps('http://localhost/cinema/detail?id=7', undefined, { redirect });
    expect(await runSignIn(deps)).toEqual({ kind: 'redirecting' });
    const target = new URL(redirect.mock.calls[0]![0] as string);
    expect(target.pathname).toBe('/sandbox/connect/oauth2/authorize');
    expect(target.searchParams.get('appid')).toBe('wx-app');
    expect(target.searchParams.get('response_type')).toBe('code');
    expect(target.searchParams.get('scope')).toBe('snsapi_userinfo');
    expect(target.searchParams.get('state')).toBe('state-1');
    const back = new URL(target.searchParams.get('redirect_uri')!);
    expect(back.pathname).toBe('/cinema/detail');
    expect(back.searchParams.get('id')).toBe('7');
    expect(back.searchParams.get('from')).toBe('wechat');
    expect(target.hash).toBe('#wechat_redirect');
  });

  it('takes the setToken off the URL at once, and has it checked only once beforeUserInfo is done', async () => {
    let release = () => {};
    const beforeUserInfo = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const { deps, token, currentUrl } = fakeDeps(
      'http://localhost/home/index?setToken=t1',
      undefined,
      { beforeUserInfo },
    );
    const outcome = runSignIn(deps);
    expect(currentUrl()).toBe('http://localhost/home/index');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(beforeUserInfo).toHaveBeenCalledOnce();
    expect(deps.exchangeSetToken).not.toHaveBeenCalled();
    expect(token()).toBeUndefined();
    release();
    expect(await outcome).toEqual({ kind: 'signed-in', userInfo: user });
    expect(deps.exchangeSetToken).toHaveBeenCalledWith('t1');
    expect(token()).toBe('t1');
    // The exchange named the user: no second request for the same answer.
    expect(deps.getUserInfo).not.toHaveBeenCalled();
  });

  it('exchanges code and state for a token and removes them from the URL', async () => {
    const { deps, currentUrl, token } = fakeDeps(
      'http://localhost/home/index?from=wechat&code=abc&state=s',
    );
    expect(await runSignIn(deps)).toEqual({ kind: 'signed-in', userInfo: user });
    expect(deps.login).toHaveBeenCalledWith('abc');
    expect(token()).toBe('fresh-token');
    expect(currentUrl()).toBe('http://localhost/home/index?from=wechat');
  });

  it('on a failed code exchange only stops loading and logs the error', async () => {
    const failure = new Error('code used');
    const { deps } = fakeDeps('http://localhost/home/index?code=abc&state=s', undefined, {
      login: vi.fn(async () => {
        throw failure;
      }),
    });
    expect(await runSignIn(deps)).toEqual({ kind: 'failed', step: 'exchange', error: failure });
    expect(deps.logError).toHaveBeenCalledWith(failure);
    expect(deps.redirect).not.toHaveBeenCalled();
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it('signed out, takes the setToken parameter as the token and removes it from the URL', async () => {
    const { deps, currentUrl, token } = fakeDeps(
      'http://localhost/home/order?setToken=given&tab=2',
    );
    expect(await runSignIn(deps)).toEqual({ kind: 'signed-in', userInfo: user });
    expect(token()).toBe('given');
    expect(currentUrl()).toBe('http://localhost/home/order?tab=2');
  });

  it('signed out, takes the new session a hand-off code is exchanged for, never the code', async () => {
    const { deps, token } = fakeDeps('http://localhost/home/index?setToken=ho_code', undefined, {
      exchangeSetToken: vi.fn(async () => ({
        userInfo: alex,
        token: 'new-session',
        isHandOff: true,
      })),
    });
    expect(await runSignIn(deps)).toEqual({ kind: 'signed-in', userInfo: alex });
    expect(token()).toBe('new-session');
  });

  it('signed out, ignores a setToken the server refuses and goes to the authorisation page', async () => {
    const refused = Object.assign(new Error('used'), { code: 40004 });
    const { deps, token, currentUrl } = fakeDeps(
      'http://localhost/home/index?setToken=ho_used',
      undefined,
      {
        exchangeSetToken: vi.fn(async () => {
          throw refused;
        }),
      },
    );
    expect(await runSignIn(deps)).toEqual({ kind: 'redirecting' });
    expect(deps.logError).toHaveBeenCalledWith(refused);
    expect(token()).toBeUndefined();
    expect(currentUrl()).toBe('http://localhost/home/index');
  });

  it('signed in as another account, asks before switching, naming both, and changes nothing yet', async () => {
    const { deps, token, currentUrl } = fakeDeps(
      'http://localhost/home/index?setToken=ho_alex',
      'mine',
      {
        exchangeSetToken: vi.fn(async () => ({
          userInfo: alex,
          token: 'alex-session',
          isHandOff: true,
        })),
      },
    );
    const outcome = await runSignIn(deps);
    expect(outcome).toEqual({
      kind: 'confirm-switch',
      current: user,
      next: { userInfo: alex, token: 'alex-session', isHandOff: true },
    });
    expect(token()).toBe('mine');
    expect(deps.setToken).not.toHaveBeenCalled();
    expect(currentUrl()).toBe('http://localhost/home/index');

    const asked = outcome as Extract<SignInOutcome, { kind: 'confirm-switch' }>;
    expect(chooseAccount(deps, asked, false)).toEqual({ kind: 'signed-in', userInfo: user });
    expect(token()).toBe('mine');
    expect(chooseAccount(deps, asked, true)).toEqual({ kind: 'signed-in', userInfo: alex });
    expect(token()).toBe('alex-session');
  });

  it('signed in as the same account, keeps this session without asking', async () => {
    const { deps, token } = fakeDeps('http://localhost/home/index?setToken=ho_me', 'mine', {
      exchangeSetToken: vi.fn(async () => ({ userInfo: user, token: 'second', isHandOff: true })),
    });
    expect(await runSignIn(deps)).toEqual({ kind: 'signed-in', userInfo: user });
    expect(token()).toBe('mine');
  });

  it('signed in, keeps the account when the link is refused, and takes it when this session had ended', async () => {
    const refusing = fakeDeps('http://localhost/home/index?setToken=raw', 'mine', {
      exchangeSetToken: vi.fn(async () => {
        throw Object.assign(new Error('raw tokens off'), { code: 40005 });
      }),
    });
    expect(await runSignIn(refusing.deps)).toEqual({ kind: 'signed-in', userInfo: user });
    expect(refusing.token()).toBe('mine');

    const ended = fakeDeps('http://localhost/home/index?setToken=ho_alex', 'old', {
      exchangeSetToken: vi.fn(async () => ({
        userInfo: alex,
        token: 'alex-session',
        isHandOff: true,
      })),
      getUserInfo: vi.fn(async () => {
        throw Object.assign(new Error('expired'), { code: -1001 });
      }),
    });
    expect(await runSignIn(ended.deps)).toEqual({ kind: 'signed-in', userInfo: alex });
    expect(ended.token()).toBe('alex-session');
  });

  it('clears the token and signs in again when the session is invalid (-1001)', async () => {
    const { deps, token } = fakeDeps('http://localhost/home/index', 'old', {
      getUserInfo: vi.fn(async () => {
        throw Object.assign(new Error('expired'), { code: -1001 });
      }),
    });
    expect(await runSignIn(deps)).toEqual({ kind: 'redirecting' });
    expect(token()).toBeUndefined();
    expect(deps.redirect).toHaveBeenCalledTimes(1);
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it('clears the token and reloads the page on any other user-info failure', async () => {
    const { deps, token } = fakeDeps('http://localhost/home/index', 'old', {
      getUserInfo: vi.fn(async () => {
        throw Object.assign(new Error('boom'), { code: 50001 });
      }),
    });
    expect(await runSignIn(deps)).toEqual({ kind: 'reloading' });
    expect(token()).toBeUndefined();
    expect(deps.reload).toHaveBeenCalledTimes(1);
    expect(deps.redirect).not.toHaveBeenCalled();
  });

  it('keeps the token when the user-info request died because the page is being left', async () => {
    const { deps, token } = fakeDeps('http://localhost/home/index', 'kept', {
      getUserInfo: vi.fn(async () => {
        throw Object.assign(new Error('Failed to fetch'), { code: -2 });
      }),
      isLeavingPage: () => true,
    });
    expect(await runSignIn(deps)).toEqual({ kind: 'reloading' });
    expect(token()).toBe('kept');
    expect(deps.reload).not.toHaveBeenCalled();
    expect(deps.redirect).not.toHaveBeenCalled();
  });

  it('fetches the user with a stored token without visiting the messenger', async () => {
    const { deps } = fakeDeps('http://localhost/home/account', 'kept');
    expect(await runSignIn(deps)).toEqual({ kind: 'signed-in', userInfo: user });
    expect(deps.login).not.toHaveBeenCalled();
    expect(deps.redirect).not.toHaveBeenCalled();
  });

  it('ends on a failure, not a spinner, when the authorisation settings do not load', async () => {
    const failure = Object.assign(new Error('网络连接失败'), { code: -3 });
    const { deps } = fakeDeps('http://localhost/home/index', undefined, {
      getAuthConfig: vi.fn(async () => {
        throw failure;
      }),
    });
    expect(await runSignIn(deps)).toEqual({ kind: 'failed', step: 'config', error: failure });
    expect(deps.logError).toHaveBeenCalledWith(failure);
    expect(deps.redirect).not.toHaveBeenCalled();
  });

  it('ends on a failure when the session is invalid and the settings then fail to load', async () => {
    const { deps } = fakeDeps('http://localhost/home/index', 'old', {
      getUserInfo: vi.fn(async () => {
        throw Object.assign(new Error('expired'), { code: -1001 });
      }),
      getAuthConfig: vi.fn(async () => {
        throw Object.assign(new Error('unknown site'), { code: 40401 });
      }),
    });
    expect(await runSignIn(deps)).toMatchObject({ kind: 'failed', step: 'config' });
  });

  it('keeps the state it sends in the browser before leaving for the messenger', async () => {
    let keptAtRedirect: string | null = null;
    const { deps, kept } = fakeDeps(
      'http://localhost/home/index',
      undefined,
      { redirect: vi.fn(() => (keptAtRedirect = kept())) },
      null,
    );
    await runSignIn(deps);
    expect(keptAtRedirect).toBe('state-1');
  });

  it('refuses a return whose state is not the one this tab sent, without using the code', async () => {
    const { deps, currentUrl, token } = fakeDeps(
      'http://localhost/home/index?from=wechat&code=abc&state=forged',
      undefined,
      {},
      'mine',
    );
    expect(await runSignIn(deps)).toMatchObject({ kind: 'failed', step: 'state' });
    expect(deps.login).not.toHaveBeenCalled();
    expect(token()).toBeUndefined();
    expect(currentUrl()).toBe('http://localhost/home/index?from=wechat');
  });

  it('refuses a return when this tab kept no state at all', async () => {
    const { deps } = fakeDeps('http://localhost/home/index?code=abc&state=s', undefined, {}, null);
    expect(await runSignIn(deps)).toMatchObject({ kind: 'failed', step: 'state' });
    expect(deps.login).not.toHaveBeenCalled();
  });

  it('uses a kept state once: the same return replayed is refused', async () => {
    const first = fakeDeps('http://localhost/home/index?code=abc&state=s');
    expect(await runSignIn(first.deps)).toMatchObject({ kind: 'signed-in' });
    expect(first.kept()).toBeNull();
  });

  it('restarts sign-in from the current page when the session ends mid-use', async () => {
    const redirect = vi.fn();
    const { deps, token } = fakeDeps(
      'http://localhost/cinema/detail?cinemaId=c1&date=2026-11-24',
      'old',
      { redirect },
    );
    expect(await restartSignIn(deps)).toEqual({ kind: 'redirecting' });
    expect(token()).toBeUndefined();
    const target = new URL(redirect.mock.calls[0]![0] as string);
    const back = new URL(target.searchParams.get('redirect_uri')!);
    expect(back.pathname).toBe('/cinema/detail');
    expect(back.searchParams.get('cinemaId')).toBe('c1');
    expect(back.searchParams.get('date')).toBe('2026-11-24');
  });

  it('builds an absolute WeChat URL when the messenger is WeChat itself', () => {
    const url = authorizeUrl(
      { appId: 'wx1', authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize' },
      new URL('https://cinema.example.com/home/index?code=old&state=x'),
      'st',
    );
    expect(url.startsWith('https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1')).toBe(
      true,
    );
    expect(new URL(url).searchParams.get('redirect_uri')).toBe(
      'https://cinema.example.com/home/index?from=wechat',
    );
  });
});
