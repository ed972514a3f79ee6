import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CenteredSpinner } from '@/components/ui/centered-spinner';
import { FailureBlock } from '@/components/ui/failure-block';
import { getAuthConfig } from '@/features/auth/api/get-auth-config';
import { getUserInfo, userInfoQuery } from '@/features/auth/api/get-user-info';
import { login } from '@/features/auth/api/login';
import { authMessages } from '@/features/auth/auth-messages';
import { sessionStore } from '@/features/auth/session-store';
import { runSignIn, type SignInOutcome } from '@/features/auth/sign-in';
import { userCardsQuery } from '@/features/cards/api/get-user-cards';
import { clearToken, readToken, writeToken } from '@/lib/cookies';
import { randomState } from '@/lib/random';

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

function browserSignIn(): Promise<SignInOutcome> {
  return runSignIn({
    isLeavingPage: () => isLeavingPage,
    getUrl: () => new URL(window.location.href),
    replaceUrl: (url) => window.history.replaceState(window.history.state, '', url.toString()),
    redirect: (url) => window.location.assign(url),
    reload: () => window.location.reload(),
    getToken: () => readToken(),
    setToken: (token) => writeToken(token),
    clearToken: () => clearToken(),
    login,
    getUserInfo,
    getAuthConfig,
    newState: randomState,
    logError: (error) => console.error('sign-in failed', error),
  });
}

/** After sign-in the usable card list is loaded, then the ready flag is set (spec §4). */
async function finishSignIn(queryClient: QueryClient, outcome: SignInOutcome): Promise<void> {
  if (outcome.kind !== 'signed-in') return;
  queryClient.setQueryData(userInfoQuery.queryKey, outcome.userInfo);
  sessionStore.update({ logged: true, userInfo: outcome.userInfo });
  await queryClient.fetchQuery(userCardsQuery).catch((error: unknown) => {
    console.error('card list failed to load', error);
  });
  sessionStore.update({ isReady: true });
}

// Sign-in runs once per page load, even when React mounts the gate twice in development.
let signingIn: Promise<SignInOutcome> | null = null;

export function SignInGate(props: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<SignInOutcome | null>(null);
  const t = authMessages.useT();

  useEffect(() => {
    let isCurrent = true;
    signingIn ??= browserSignIn().then(async (result) => {
      await finishSignIn(queryClient, result);
      return result;
    });
    void signingIn.then((result) => {
      if (isCurrent) setOutcome(result);
    });
    return () => {
      isCurrent = false;
    };
  }, [queryClient]);

  if (outcome?.kind === 'signed-in') return props.children;
  if (outcome?.kind === 'failed') {
    const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
    return (
      <FailureBlock
        title={t('signInFailed')}
        message={message || t('signInFailedHint')}
        retryLabel={t('signInAgain')}
        onRetry={() => {
          const url = new URL(window.location.href);
          url.searchParams.delete('code');
          url.searchParams.delete('state');
          window.location.assign(url.toString());
        }}
      />
    );
  }
  return <CenteredSpinner />;
}
