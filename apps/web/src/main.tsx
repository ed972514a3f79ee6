import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { queryClient } from './app/providers';
import { createRouter, preloadFirstScreen } from './app/router';
import { firstRenderShowsBeforeSignIn, loadBrand, startSignIn } from './app/sign-in-gate';
import { afterFirstPaint } from './lib/after-first-paint';
import { rememberedCareMode, setCareMode } from './lib/care-mode';
import { getLang } from './lib/i18n/i18n';
import './styles.css';

// antd-mobile's Toast and Dialog bring their own mount (lib/antd-mobile-imperative.ts): nothing of
// antd-mobile loads at start-up.
document.documentElement.lang = getLang() === 'en' ? 'en' : 'zh-CN';
// Care mode as this browser last saw it, before the first page is drawn; the user info (the
// server's word, decision 028) confirms or corrects it once signed in.
setCareMode(rememberedCareMode());
// The UI kit speaks Chinese by default; its English texts load only for English readers, once the
// first screen has painted (no first screen shows a part of the kit with texts of its own).
if (getLang() === 'en') {
  afterFirstPaint(() => {
    void Promise.all([
      import('antd-mobile/es/components/config-provider'),
      import('antd-mobile/es/locales/en-US'),
    ]).then(([config, enUS]) => config.setDefaultConfig({ locale: enUS.default }));
  });
}

const router = createRouter();
// The first screen's code and data first (it looks at the URL's token), then sign-in, both
// before the first render. A page that renders before the user is known asks for the user info
// once it has painted: before, that request and the card list after it shared the network and the
// main thread with the first screen's scripts, which is all its first paint waits for.
const firstScreen = preloadFirstScreen(router);
const firstPaint = new Promise<void>((resolve) => afterFirstPaint(resolve));
const userInfoWaitsForPaint = firstRenderShowsBeforeSignIn(
  router.state.matches.map((match) => match.route.handle),
  new URL(window.location.href),
);
void startSignIn(queryClient, userInfoWaitsForPaint ? { beforeUserInfo: () => firstPaint } : {});

const app = (
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);
const rootElement = document.getElementById('root')!;

if (rootElement.dataset.renderedLang === getLang()) {
  // The server rendered this landing page's first screen (decision 042): it is on screen already.
  // Hydrating it needs the same code and data the server rendered it with, all carried or
  // preloaded by the page (the answers, the brand, the page's chunks), then React takes it over
  // without drawing it again.
  void Promise.all([firstScreen, loadBrand()]).then(() => hydrateRoot(rootElement, app));
} else {
  // The first render waits for the first screen's code and data (preloaded in the page, decision
  // 033), so it draws the page whole instead of a fallback and one more render per lazy part;
  // never longer than FIRST_RENDER_WAIT_MS (a slow network shows the skeletons instead). A page
  // rendered in another language than this browser's is drawn again here.
  const FIRST_RENDER_WAIT_MS = 800;
  void Promise.race([
    firstScreen,
    new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
  ]).then(() => createRoot(rootElement).render(app));
}
