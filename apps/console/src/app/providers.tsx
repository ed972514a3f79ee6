import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
// The ES modules: the bundler's default import of `antd/locale/*` (CommonJS re-exports) came out
// as a wrapper antd did not read, and every picker, empty table and confirm button spoke English.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { clearStaffToken } from '@/lib/api/staff-token';
import { isApiError, STAFF_UNAUTHENTICATED } from '@/lib/api/api-client';
import { getLang } from '@/lib/i18n/i18n';

/** A refused session anywhere sends the console back to sign-in (the gate sees no token). */
function onError(error: unknown) {
  if (isApiError(error) && error.code === STAFF_UNAUTHENTICATED) {
    clearStaffToken();
    queryClient.clear();
    if (!window.location.pathname.endsWith('/sign-in')) {
      window.location.assign('/console/sign-in');
    }
  }
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // A refused call (code ≠ 0) will be refused again; only network trouble is worth a retry.
      retry: (count, error) => count < 2 && isApiError(error) && error.code < 0,
      refetchOnWindowFocus: false,
    },
  },
});
queryClient.getQueryCache().config.onError = onError;
queryClient.getMutationCache().config.onError = onError;

// dayjs names months and weekdays in the pickers; English is its default.
dayjs.locale(getLang() === 'zh' ? 'zh-cn' : 'en');

export function Providers(props: { children: ReactNode }) {
  return (
    <ConfigProvider
      locale={getLang() === 'en' ? enUS : zhCN}
      theme={{ token: { colorPrimary: '#e54847', borderRadius: 6 } }}
      // "登 录" with a space reads oddly to screen readers and tests alike: keep words whole.
      button={{ autoInsertSpace: false }}
    >
      <QueryClientProvider client={queryClient}>{props.children}</QueryClientProvider>
    </ConfigProvider>
  );
}
