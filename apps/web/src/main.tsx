import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { queryClient } from './app/providers';
import { createRouter, preloadFirstScreen } from './app/router';
import { startSignIn } from './app/sign-in-gate';
import { rememberedCareMode, setCareMode } from './lib/care-mode';
import { getLang } from './lib/i18n/i18n';
import './styles.css';

// antd-mobile's Toast and Dialog need a React 19 mount; loaded beside the first page, not in it.
void import('./lib/antd-mobile-render');
document.documentElement.lang = getLang() === 'en' ? 'en' : 'zh-CN';
// Care mode as this browser last saw it, before the first page is drawn; the user info (the
// server's word, decision 028) confirms or corrects it once signed in.
setCareMode(rememberedCareMode());
// The UI kit speaks Chinese by default; its English texts load only for English readers.
if (getLang() === 'en') {
  void Promise.all([
    import('antd-mobile/es/components/config-provider'),
    import('antd-mobile/es/locales/en-US'),
  ]).then(([config, enUS]) => config.setDefaultConfig({ locale: enUS.default }));
}

const router = createRouter();
// The first screen's code and data first (it looks at the URL's token), then sign-in, both
// before the first render.
const firstScreen = preloadFirstScreen(router);
void startSignIn(queryClient);

// The first render waits for the first screen's code and data (preloaded in the page, decision
// 033), so it draws the page whole instead of a fallback and one more render per lazy part; never
// longer than FIRST_RENDER_WAIT_MS (a slow network shows the skeletons instead).
const FIRST_RENDER_WAIT_MS = 800;
void Promise.race([
  firstScreen,
  new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
