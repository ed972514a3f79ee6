import { ErrorCode, type UserInfo } from '@marquee/contracts';

/** What the sign-in flow needs from the outside world; tests hand in fakes. */
export interface SignInDeps {
  getUrl(): URL;
  replaceUrl(url: URL): void;
  redirect(url: string): void;
  reload(): void;
  getToken(): string | undefined;
  setToken(token: string): void;
  clearToken(): void;
  login(code: string): Promise<{ userInfo: UserInfo; token: string }>;
  getUserInfo(): Promise<UserInfo>;
  getAuthConfig(): Promise<{ appId: string; authorizeUrl: string }>;
  newState(): string;
  /** Keeps the OAuth state in this browser tab (sessionStorage) before leaving for WeChat. */
  saveState(state: string): void;
  /** The state kept before the redirect, removed as it is read (each may be used once). */
  takeState(): string | null;
  logError(error: unknown): void;
  /**
   * True once the browser has started to leave this page: a request it cut short is not the
   * server failing, so the token stays (a tap on a link while the user info loads keeps you in).
   */
  isLeavingPage?(): boolean;
  /**
   * What the user info waits for once a token is in hand (step 4), e.g. the first paint of a page
   * that renders before the user is known, so the request does not share the network and the main
   * thread with the first screen (issue 13). The token steps before it never wait.
   */
  beforeUserInfo?(): Promise<void>;
}

export type SignInOutcome =
  | { kind: 'signed-in'; userInfo: UserInfo }
  /** The browser is on its way to the messenger's authorisation page. */
  | { kind: 'redirecting' }
  /** The page is reloading after a failure other than an invalid session. */
  | { kind: 'reloading' }
  /** A step failed: the page says which and offers a retry; the error was logged. */
  | { kind: 'failed'; step: SignInStep; error: unknown };

/**
 * Where sign-in stopped: `config` (the authorisation settings did not load), `exchange` (the
 * code was refused, spec §4), `state` (a return that this tab did not start: login CSRF).
 */
export type SignInStep = 'config' | 'exchange' | 'state';

/** Thrown for a return whose `state` is not the one this tab sent. */
export class StateMismatchError extends Error {
  override readonly name = 'StateMismatchError';
}

const TRANSIENT_PARAMS = ['code', 'state', 'setToken'];

/** The page to come back to after authorising: this one, without sign-in leftovers, with from=wechat. */
export function returnUrl(url: URL): string {
  const back = new URL(url.toString());
  for (const name of TRANSIENT_PARAMS) back.searchParams.delete(name);
  back.searchParams.set('from', 'wechat');
  back.hash = '';
  return back.toString();
}

/** Spec §4: scope snsapi_userinfo, response type code, back to this page carrying from=wechat. */
export function authorizeUrl(
  config: { appId: string; authorizeUrl: string },
  currentUrl: URL,
  state: string,
): string {
  const target = new URL(config.authorizeUrl, currentUrl.origin);
  target.searchParams.set('appid', config.appId);
  target.searchParams.set('redirect_uri', returnUrl(currentUrl));
  target.searchParams.set('response_type', 'code');
  target.searchParams.set('scope', 'snsapi_userinfo');
  target.searchParams.set('state', state);
  target.hash = 'wechat_redirect';
  return target.toString();
}

function withoutParams(url: URL, names: string[]): URL {
  const next = new URL(url.toString());
  for (const name of names) next.searchParams.delete(name);
  return next;
}

function failed(deps: SignInDeps, step: SignInStep, error: unknown): SignInOutcome {
  deps.logError(error);
  return { kind: 'failed', step, error };
}

async function sendToAuthorize(deps: SignInDeps): Promise<SignInOutcome> {
  let config: { appId: string; authorizeUrl: string };
  try {
    config = await deps.getAuthConfig();
  } catch (error) {
    return failed(deps, 'config', error);
  }
  const state = deps.newState();
  deps.saveState(state);
  deps.redirect(authorizeUrl(config, deps.getUrl(), state));
  return { kind: 'redirecting' };
}

/**
 * The session ended while the app was in use (-1001 on any call): forget the token and go
 * through the messenger again; the return URL is this page, so the visitor comes back to it.
 */
export function restartSignIn(deps: SignInDeps): Promise<SignInOutcome> {
  deps.clearToken();
  return sendToAuthorize(deps);
}

/**
 * Sign-in exactly as spec §4 describes it:
 * 1. a `setToken` query parameter is taken as the token and removed from the URL;
 * 2. `code` and `state` from the messenger are exchanged for a token, then removed from the URL
 *    (a failed exchange only stops loading and logs the error); a `state` other than the one
 *    this tab kept before the redirect is refused without exchanging the code (login CSRF);
 * 3. without a token, off to the authorisation page (a failure to load its settings stops on
 *    an error with a retry instead of spinning forever);
 * 4. with one, the user info is fetched: -1001 clears the token and signs in again, any other
 *    failure clears the token and reloads the page.
 */
export async function runSignIn(deps: SignInDeps): Promise<SignInOutcome> {
  const url = deps.getUrl();

  const given = url.searchParams.get('setToken');
  if (given !== null) {
    if (given) deps.setToken(given);
    deps.replaceUrl(withoutParams(url, ['setToken']));
  }

  const code = url.searchParams.get('code');
  const returnedState = url.searchParams.get('state');
  if (code && returnedState !== null) {
    const expected = deps.takeState();
    if (!expected || expected !== returnedState) {
      deps.replaceUrl(withoutParams(deps.getUrl(), ['code', 'state']));
      return failed(deps, 'state', new StateMismatchError('OAuth state does not match'));
    }
    try {
      const { token } = await deps.login(code);
      deps.setToken(token);
      deps.replaceUrl(withoutParams(deps.getUrl(), ['code', 'state']));
    } catch (error) {
      return failed(deps, 'exchange', error);
    }
  }

  if (!deps.getToken()) return sendToAuthorize(deps);

  try {
    await deps.beforeUserInfo?.();
    return { kind: 'signed-in', userInfo: await deps.getUserInfo() };
  } catch (error) {
    if (deps.isLeavingPage?.()) return { kind: 'reloading' };
    deps.clearToken();
    if ((error as { code?: unknown }).code === ErrorCode.SESSION_INVALID)
      return sendToAuthorize(deps);
    deps.logError(error);
    deps.reload();
    return { kind: 'reloading' };
  }
}
