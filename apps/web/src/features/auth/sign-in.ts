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
  /** `?setToken=` checked by the server: the session token it stands for and whose it is. */
  exchangeSetToken(setToken: string): Promise<HandedSession>;
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
   * thread with the first screen. The token steps before it never wait.
   */
  beforeUserInfo?(): Promise<void>;
}

/** The session a `?setToken=` link hands over (a new one for a hand-off code). */
export interface HandedSession {
  userInfo: UserInfo;
  token: string;
  isHandOff: boolean;
}

export type SignInOutcome =
  | { kind: 'signed-in'; userInfo: UserInfo }
  /**
   * A link hands over another account than the one signed in here: nothing changes until the
   * user chooses (`chooseAccount`), never silently.
   */
  | { kind: 'confirm-switch'; current: UserInfo; next: HandedSession }
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
 * Spec §4's `setToken`, made safe (decision 038): removed from the URL at once, then checked by
 * the server (a one-time hand-off code, or a raw session token if the site allows them). Signed
 * out, the handed session is taken, as the spec says. Signed in as the same account, nothing
 * changes. Signed in as another, the user is asked (`confirm-switch`). A value the server refuses
 * is logged and ignored: sign-in goes on as if the link had none. Null: go on with the usual steps.
 */
async function takeSetToken(deps: SignInDeps, given: string): Promise<SignInOutcome | null> {
  const current = deps.getToken();
  if (current === given) return null;
  if (!current) await deps.beforeUserInfo?.();
  let next: HandedSession;
  try {
    next = await deps.exchangeSetToken(given);
  } catch (error) {
    deps.logError(error);
    return null;
  }
  const take = (): SignInOutcome => {
    deps.setToken(next.token);
    return { kind: 'signed-in', userInfo: next.userInfo };
  };
  if (!current) return take();
  let signedIn: UserInfo;
  try {
    signedIn = await deps.getUserInfo();
  } catch (error) {
    // The session here has ended: there is nobody to replace.
    if ((error as { code?: unknown }).code === ErrorCode.SESSION_INVALID) return take();
    return failed(deps, 'config', error);
  }
  if (signedIn.id === next.userInfo.id) return { kind: 'signed-in', userInfo: signedIn };
  return { kind: 'confirm-switch', current: signedIn, next };
}

/** The user's answer to `confirm-switch`: switch to the link's account, or stay. */
export function chooseAccount(
  deps: Pick<SignInDeps, 'setToken'>,
  outcome: Extract<SignInOutcome, { kind: 'confirm-switch' }>,
  isSwitching: boolean,
): SignInOutcome {
  if (!isSwitching) return { kind: 'signed-in', userInfo: outcome.current };
  deps.setToken(outcome.next.token);
  return { kind: 'signed-in', userInfo: outcome.next.userInfo };
}

/**
 * Sign-in as spec §4 describes it:
 * 1. a `setToken` query parameter is removed from the URL and taken as `takeSetToken` says (never
 *    replacing a signed-in account without asking);
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
    deps.replaceUrl(withoutParams(url, ['setToken']));
    const taken = given ? await takeSetToken(deps, given) : null;
    if (taken) return taken;
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
