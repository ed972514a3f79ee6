import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import {
  authConfigCall,
  firstScreenAnswerKey,
  type FirstScreenAnswers,
  type SiteBrand,
} from '@marquee/contracts';
import { Providers, queryClient } from './app/providers';
import { routeTitles, type RouteHandle } from './app/route-titles';
import { routes } from './app/router';
import { ServerRenderContext } from './app/sign-in-gate';
import { setServerRenderAnswers } from './lib/api/api';
import { brandNameOf, documentTitle, setBrand } from './lib/brand';
import { setServerRenderLang } from './lib/i18n/i18n';

/**
 * The landing pages' first screen rendered on the server (decision 042), by the same components,
 * routes and query cache as in the browser: the server (apps/server/src/plugins/first-screen-page.ts)
 * asks itself the page's public calls, hands their answers here, writes the HTML into the page it
 * sends with those answers beside it, and the browser hydrates it (main.tsx).
 *
 * Built by `vite build --ssr` into dist-ssr/entry-server.js. Only public data goes in: the
 * sign-in gate shows the page as it does before the user is known, nobody's name, cart or cards.
 */

export interface FirstScreenRequest {
  /** The page's path and query, as the browser asked for it. */
  url: string;
  /** The answers the server asked for this page, in the page's site and language. */
  answers: FirstScreenAnswers;
}

export interface RenderedFirstScreen {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The page's `<title>`: "首页 - <brand>". */
  title: string;
}

/** Longest a render may take before the page goes out without it (rendered in the browser). */
const RENDER_TIMEOUT_MS = 5_000;

// The language, the brand and the query cache are the app's module-level state: one render at a
// time, each setting them for its own page.
let queue: Promise<unknown> = Promise.resolve();

/**
 * The first screen of a landing page as HTML, or null when this page is not one the server renders
 * (another route, an answer missing, a part that failed): the page is then rendered in the browser.
 */
export function renderFirstScreen(
  request: FirstScreenRequest,
): Promise<RenderedFirstScreen | null> {
  const turn = queue.then(() => render(request));
  queue = turn.catch(() => undefined);
  return turn;
}

async function render({ url, answers }: FirstScreenRequest): Promise<RenderedFirstScreen | null> {
  const pageUrl = new URL(url, 'http://localhost');
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(pageUrl));
  if (context instanceof Response) return null;
  const handles = context.matches.map((match) => match.route.handle as RouteHandle | undefined);
  if (!handles.some((handle) => handle?.showsBeforeSignIn)) return null;

  // The brand is in the header of two of the pages: without it the browser would draw another.
  const brand = answers.answers[firstScreenAnswerKey(authConfigCall.path, {})] as
    { brand?: SiteBrand } | undefined;
  if (!brand?.brand) return null;

  setServerRenderLang(answers.lang);
  setBrand(brand.brand);
  queryClient.clear();
  const carried = new Map(Object.entries(answers.answers));
  setServerRenderAnswers((path, query) => {
    const key = firstScreenAnswerKey(path, query);
    return carried.has(key) ? { data: carried.get(key) } : undefined;
  });
  try {
    // The page's code and its first screen's data, as the browser loads them before hydrating.
    await Promise.all(handles.map((handle) => handle?.preload?.(pageUrl)));
    // A call the page carries no answer for would render an error or a skeleton here, and the
    // browser's own request would draw something else: such a page is rendered in the browser.
    const queries = queryClient.getQueryCache().getAll();
    if (queries.some((query) => query.state.status !== 'success')) return null;

    const html = await renderToString(
      <StrictMode>
        <ServerRenderContext value={true}>
          <Providers>
            <StaticRouterProvider
              router={createStaticRouter(handler.dataRoutes, context)}
              context={context}
              hydrate={false}
            />
          </Providers>
        </ServerRenderContext>
      </StrictMode>,
    );
    if (html === null) return null;
    const handle = [...handles].reverse().find((one) => one?.title);
    const title = documentTitle(
      handle ? routeTitles.translate(handle.title) : null,
      brandNameOf(brand.brand, answers.lang),
    );
    return { html, title };
  } finally {
    setServerRenderAnswers(undefined);
    queryClient.clear();
  }
}

/** Everything rendered, Suspense boundaries resolved; null if any part of the page failed. */
async function renderToString(element: React.ReactElement): Promise<string | null> {
  let failed = false;
  try {
    const stream = await renderToReadableStream(element, {
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      // Every part in place, in order: React otherwise sends a large part after the rest, with
      // a script that moves it in, and the page would paint without it first.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError(error) {
        failed = true;
        console.error('first screen not rendered on the server', error);
      },
    });
    await stream.allReady;
    const html = await new Response(stream).text();
    // React writes a preload for each picture ahead of the page; the server has already put the
    // first screen's pictures in the head, and the app's root must hold only what React hydrates.
    return failed ? null : html.replace(/^(?:<link rel="preload"[^>]*\/>)+/, '');
  } catch {
    return null;
  }
}
