import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMatches } from 'react-router';
import { CenteredSpinner } from '@/components/ui/centered-spinner';
import { FailureBlock } from '@/components/ui/failure-block';
import { getAuthConfig } from '@/features/auth/api/get-auth-config';
import { getUserInfo, userInfoQuery } from '@/features/auth/api/get-user-info';
import { exchangeSetToken } from '@/features/auth/api/exchange-set-token';
import { login } from '@/features/auth/api/login';
import { authMessages } from '@/features/auth/auth-messages';
import { sessionStore } from '@/features/auth/session-store';
import {
  chooseAccount,
  restartSignIn,
  runSignIn,
  type SignInDeps,
  type SignInOutcome,
} from '@/features/auth/sign-in';
import { onSessionInvalid } from '@/lib/api/session-expiry';
import { setBrand } from '@/lib/brand';
import { setCareMode } from '@/lib/care-mode';
import { userCardsQuery } from '@/features/cards/api/get-user-cards';
import { clearToken, readToken, writeToken } from '@/lib/cookies';
import { randomState } from '@/lib/random';
import type { RouteHandle } from './route-titles';

let isLeavingPage = false;
if (typeof window !== 'undefined') {
  const leaving = () => {
    isLeavingPage = true;
  };
  window.addEventListener('beforeunload', leaving);
  window.addEventListener('pagehide', leaving);
  // Back from the bfcache (or a cancelled unload): the page is in use again.
  window.addEventListener('pageshow', () => {
    isLeavingPage = false;
  });
}

/**
 * Whether this page load was handed a `?setToken=`: read when this module loads, before
 * startSignIn takes it off the URL, so the first render and the gate agree on showing the page.
 */
const isHandedSetToken =
  typeof window !== 'undefined' &&
  Boolean(new URL(window.location.href).searchParams.get('setToken'));

/** The OAuth state lives in this tab only: another tab or a forged link cannot present it. */
const STATE_KEY = 'marquee.oauthState';

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

// One authConfig request per page load serves both sign-in and the site's brand; a failed one is
// asked again on retry.
let authConfigOnce: ReturnType<typeof getAuthConfig> | null = null;
function loadAuthConfig(): ReturnType<typeof getAuthConfig> {
  authConfigOnce ??= getAuthConfig().catch((error: unknown) => {
    authConfigOnce = null;
    throw error;
  });
  return authConfigOnce;
}

/**
 * The site's brand for titles, header and share messages; the app still works without it. A page
 * the server rendered carries the answer, and main.tsx waits for it before hydrating (the header
 * shows the brand's name).
 */
export function loadBrand(): Promise<void> {
  return loadAuthConfig().then(
    (config) => setBrand(config.brand),
    (error: unknown) => console.warn('site brand not loaded', error),
  );
}

const browserDeps: SignInDeps = {
  isLeavingPage: () => isLeavingPage,
  getUrl: () => new URL(window.location.href),
  replaceUrl: (url) => window.history.replaceState(window.history.state, '', url.toString()),
  redirect: (url) => window.location.assign(url),
  reload: () => window.location.reload(),
  getToken: () => readToken(),
  setToken: (token) => writeToken(token),
  clearToken: () => clearToken(),
  login,
  exchangeSetToken,
  getUserInfo,
  getAuthConfig: loadAuthConfig,
  newState: randomState,
  saveState: (state) => sessionStorageOrNull()?.setItem(STATE_KEY, state),
  takeState: () => {
    const storage = sessionStorageOrNull();
    const state = storage?.getItem(STATE_KEY) ?? null;
    storage?.removeItem(STATE_KEY);
    return state;
  },
  logError: (error) => console.error('sign-in failed', error),
};

/** Whatever goes wrong, sign-in ends in an outcome the gate can show: never a pending spinner. */
function browserSignIn(beforeUserInfo?: () => Promise<void>): Promise<SignInOutcome> {
  return runSignIn({ ...browserDeps, beforeUserInfo }).catch((error: unknown): SignInOutcome => ({
    kind: 'failed',
    step: 'config',
    error,
  }));
}

/** After sign-in the usable card list is loaded, then the ready flag is set (spec §4). */
async function finishSignIn(queryClient: QueryClient, outcome: SignInOutcome): Promise<void> {
  if (outcome.kind !== 'signed-in') return;
  queryClient.setQueryData(userInfoQuery.queryKey, outcome.userInfo);
  sessionStore.update({ logged: true, userInfo: outcome.userInfo });
  setCareMode(outcome.userInfo.isCareMode);
  await queryClient.fetchQuery(userCardsQuery).catch((error: unknown) => {
    console.error('card list failed to load', error);
  });
  sessionStore.update({ isReady: true });
}

// Sign-in runs once per page load, even when React mounts the gate twice in development; a
// retry after a failure starts it again.
let signingIn: Promise<SignInOutcome> | null = null;

/**
 * Start sign-in (and the brand) now: main.tsx calls it before the first render, so a token in the
 * URL is taken and the brand set before the app renders its first frame. The gate waits
 * for it. `beforeUserInfo`: what the user info request waits for (main.tsx: the first paint of a
 * page that renders before the user is known).
 */
export function startSignIn(
  queryClient: QueryClient,
  options: { beforeUserInfo?: () => Promise<void> } = {},
): Promise<SignInOutcome> {
  // The pages show as soon as the user is known; the card list (and with it the ready flag)
  // follows in parallel instead of costing the first screen one more round trip.
  signingIn ??= Promise.all([browserSignIn(options.beforeUserInfo), loadBrand()]).then(
    ([result]) => {
      void finishSignIn(queryClient, result);
      return result;
    },
  );
  return signingIn;
}

/**
 * Whether this page load's first render will show the page before the user is known (as
 * useShowsBeforeSignIn will see it then): its route says so, and the page holds a token or is handed
 * a `setToken` (exchanged by startSignIn after the first paint). Not with only a code to exchange.
 */
export function firstRenderShowsBeforeSignIn(routeHandles: readonly unknown[], url: URL): boolean {
  return (
    routeHandles.some((handle) => (handle as RouteHandle | undefined)?.showsBeforeSignIn) &&
    (readToken() !== undefined || Boolean(url.searchParams.get('setToken')))
  );
}

/**
 * True in the server's render of a first screen (entry-server.tsx). The server renders a landing
 * page only for a request that holds a token or hands one in `setToken`, so the browser, which
 * takes that token before it hydrates, shows the page before sign-in too (decision 042).
 */
export const ServerRenderContext = createContext(false);

/**
 * Whether the page can show before the user is known (decision 033): a landing page whose first
 * screen is public data (its route's `showsBeforeSignIn`), once this page holds a token. Without
 * one, sign-in is about to leave for the authorisation page or to exchange a code first.
 */
function useShowsBeforeSignIn(): boolean {
  const matches = useMatches();
  const isServerRender = useContext(ServerRenderContext);
  return (
    matches.some((match) => (match.handle as RouteHandle | undefined)?.showsBeforeSignIn) &&
    (isServerRender || readToken() !== undefined || isHandedSetToken)
  );
}

/** "当前已登录 小影，链接要切换到 Alex，是否切换？" with both answers. */
function SwitchAccountQuestion(props: {
  outcome: Extract<SignInOutcome, { kind: 'confirm-switch' }>;
  onChoose: (isSwitching: boolean) => void;
}) {
  const t = authMessages.useT();
  const names = {
    current: props.outcome.current.nickname,
    next: props.outcome.next.userInfo.nickname,
  };
  return (
    <section className="failure-block" role="alertdialog" aria-labelledby="switch-account-title">
      <h2 id="switch-account-title" className="failure-block__title">
        {t('switchTitle')}
      </h2>
      <p className="failure-block__message">{t('switchQuestion', names)}</p>
      <button
        type="button"
        className="button button--primary button--block"
        onClick={() => props.onChoose(true)}
      >
        {t('switchTo', names)}
      </button>
      <button type="button" className="button button--block" onClick={() => props.onChoose(false)}>
        {t('stayAs', names)}
      </button>
    </section>
  );
}

function failureText(
  t: ReturnType<typeof authMessages.useT>,
  outcome: Extract<SignInOutcome, { kind: 'failed' }>,
) {
  const detail = outcome.error instanceof Error ? outcome.error.message : '';
  switch (outcome.step) {
    case 'config':
      return { title: t('startFailed'), message: detail || t('startFailedHint') };
    case 'state':
      return { title: t('stateMismatch'), message: t('stateMismatchHint') };
    case 'exchange':
      return { title: t('signInFailed'), message: detail || t('signInFailedHint') };
  }
}

export function SignInGate(props: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<SignInOutcome | null>(null);
  const [attempt, setAttempt] = useState(0);
  const t = authMessages.useT();
  const showsBeforeSignIn = useShowsBeforeSignIn();

  useEffect(() => {
    let isCurrent = true;
    void startSignIn(queryClient).then((result) => {
      if (isCurrent) setOutcome(result);
    });
    return () => {
      isCurrent = false;
    };
  }, [queryClient, attempt]);

  // A session that ends mid-use (-1001 on any call) signs in again and comes back to this page.
  const isSignedIn = outcome?.kind === 'signed-in';
  useEffect(() => {
    if (!isSignedIn) return;
    let isRestarting = false;
    return onSessionInvalid(() => {
      if (isRestarting) return;
      isRestarting = true;
      setOutcome({ kind: 'redirecting' });
      void restartSignIn(browserDeps).then(setOutcome);
    });
  }, [isSignedIn]);

  // The same element either way, so the page is not mounted again when the user arrives.
  if (outcome?.kind === 'signed-in' || (outcome === null && showsBeforeSignIn)) {
    return props.children;
  }
  if (outcome?.kind === 'confirm-switch') {
    return (
      <SwitchAccountQuestion
        outcome={outcome}
        onChoose={(isSwitching) => {
          const chosen = chooseAccount(browserDeps, outcome, isSwitching);
          // Whatever the page loaded so far belongs to the account before the answer.
          queryClient.clear();
          void finishSignIn(queryClient, chosen);
          setOutcome(chosen);
        }}
      />
    );
  }
  if (outcome?.kind === 'failed') {
    const text = failureText(t, outcome);
    return (
      <FailureBlock
        title={text.title}
        message={text.message}
        retryLabel={t('signInAgain')}
        onRetry={() => {
          // A used or refused code must not be sent again: start from this page without it.
          const url = new URL(window.location.href);
          url.searchParams.delete('code');
          url.searchParams.delete('state');
          window.history.replaceState(window.history.state, '', url.toString());
          signingIn = null;
          setOutcome(null);
          setAttempt((count) => count + 1);
        }}
      />
    );
  }
  return <CenteredSpinner />;
}
