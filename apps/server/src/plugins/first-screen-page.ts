import {
  FIRST_SCREEN_ANSWERS_ID,
  firstScreenAnswerKey,
  firstScreenCalls,
  firstScreenPictures,
  siteFromHost,
  type FirstScreenAnswers,
  type FirstScreenCall,
} from '@marquee/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestLang } from './error-handler.js';

/**
 * The landing pages' first screen written into the index.html the server sends (decision 033):
 * the public answers that screen shows, as JSON the app takes instead of asking again; its largest
 * pictures, its page's code and styles as preloads, so the browser fetches them beside the app's
 * own scripts instead of after them. And, with the web app's server render built (decision 042),
 * the first screen itself as HTML rendered by React from those answers, with the page's title,
 * which the browser hydrates. The page is still sent `no-cache`: nothing here is kept.
 */

/**
 * The web app's server render (apps/web/src/entry-server.tsx, built into dist-ssr): a landing
 * page's first screen from its answers, or null when it renders none (the browser renders it).
 */
export type RenderFirstScreen = (request: {
  url: string;
  answers: FirstScreenAnswers;
}) => Promise<{ html: string; title: string } | null>;

/** What the server wrote into the page's body. */
export interface RenderedPage {
  html: string;
  title: string;
  lang: 'zh' | 'en';
}

/** What the build's manifest (dist/.vite/manifest.json) says of one chunk. */
export interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

/**
 * The chunks each landing page's first screen runs, by manifest key or chunk name: the route's
 * page and, for the seat map and the store, the first-screen fetchers (decision 034's chunk groups).
 */
const firstScreenChunks: Record<string, string[]> = {
  '/home/index': ['src/app/routes/home-index.tsx'],
  '/cinema/seat': ['src/app/routes/cinema-seat.tsx', 'first-screen-data'],
  '/store/product/list': ['src/app/routes/store-product-list.tsx', 'first-screen-data'],
};

/**
 * The scripts and styles of a landing page beyond what index.html already loads (the entry and its
 * static imports), from the build's manifest; none for another page or without a manifest.
 */
export function firstScreenAssets(
  manifest: BuildManifest | null,
  pathname: string,
): { scripts: string[]; styles: string[] } {
  const wanted = firstScreenChunks[pathname];
  if (!manifest || !wanted) return { scripts: [], styles: [] };
  const keyOf = (wantedName: string) =>
    manifest[wantedName]
      ? wantedName
      : Object.keys(manifest).find((key) => manifest[key]!.name === wantedName);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key]!.imports ?? []) visit(imported);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (entryKey) visit(entryKey);
  const loaded = new Set(seen);
  for (const name of wanted) {
    const key = keyOf(name);
    if (key) visit(key);
  }
  const added = [...seen].filter((key) => !loaded.has(key)).map((key) => manifest[key]!);
  const loadedStyles = new Set([...loaded].flatMap((key) => manifest[key]!.css ?? []));
  return {
    scripts: added.map((chunk) => `/${chunk.file}`),
    styles: [...new Set(added.flatMap((chunk) => chunk.css ?? []))]
      .filter((file) => !loadedStyles.has(file))
      .map((file) => `/${file}`),
  };
}

/**
 * JSON that is safe inside a `<script>` element: no `<`, `>` or `&` (so no `</script>` or `<!--`
 * in a film title ends or changes it) and no line separators JavaScript once refused.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html with the first screen written into its head: the pictures preloaded (the first, the
 * page's largest paint, at high priority), the page's scripts and styles preloaded, and the
 * answers as a JSON element the app reads (lib/api/first-screen-answers.ts).
 */
export function writeFirstScreen(
  html: string,
  parts: {
    answers: FirstScreenAnswers | null;
    pictures: string[];
    scripts: string[];
    styles: string[];
    rendered?: RenderedPage | null;
  },
): string {
  const rendered = parts.rendered && ROOT_PLACEHOLDER.test(html) ? parts.rendered : null;
  const lines = [
    ...parts.pictures.map(
      (url, index) =>
        `<link rel="preload" as="image" href="${attribute(url)}"${
          index === 0 ? ' fetchpriority="high"' : ''
        }>`,
    ),
    ...parts.scripts.map(
      (url) => `<link rel="modulepreload" crossorigin href="${attribute(url)}">`,
    ),
    // A rendered first screen needs its page's styles before it paints (no unstyled flash, no
    // shift when they arrive); otherwise they are only fetched early.
    ...parts.styles.map((url) =>
      rendered
        ? `<link rel="stylesheet" crossorigin href="${attribute(url)}">`
        : `<link rel="preload" as="style" crossorigin href="${attribute(url)}">`,
    ),
    ...(parts.answers
      ? [
          `<script type="application/json" id="${FIRST_SCREEN_ANSWERS_ID}">${jsonForScript(
            parts.answers,
          )}</script>`,
        ]
      : []),
  ];
  if (lines.length === 0 || !html.includes('</head>')) return html;
  const page = html.replace('</head>', `${lines.join('\n  ')}\n  </head>`);
  return rendered ? writeRenderedPage(page, rendered) : page;
}

/** The spinner index.html paints until the app renders, between its two markers. */
const ROOT_PLACEHOLDER =
  /<div id="root">\s*<!--first-screen-->[\s\S]*?<!--\/first-screen-->\s*<\/div>/;

const text = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The rendered first screen in place of the spinner, marked with the language it was rendered in
 * (the app hydrates it only when it speaks the same, main.tsx); the title and the page's language.
 */
function writeRenderedPage(page: string, rendered: RenderedPage): string {
  return (
    page
      // The screen is already drawn: the app's scripts (they make it interactive) fetch after
      // the styles and the pictures it shows, not before them over the same slow link.
      .replace(
        /<script type="module"(?![^>]*fetchpriority)/g,
        '<script type="module" fetchpriority="low"',
      )
      .replace(
        /<link rel="modulepreload"(?![^>]*fetchpriority)/g,
        '<link rel="modulepreload" fetchpriority="low"',
      )
      .replace(/<html lang="[^"]*"/, `<html lang="${rendered.lang === 'en' ? 'en' : 'zh-CN'}"`)
      .replace(/<title>[^<]*<\/title>/, `<title>${text(rendered.title)}</title>`)
      .replace(
        ROOT_PLACEHOLDER,
        // A function, so `$` in the page's text is not read as a replacement pattern.
        () => `<div id="root" data-rendered-lang="${rendered.lang}">${rendered.html}</div>`,
      )
  );
}

/** The site and language the app on this page will ask in (spec §7: the host names the site). */
export function pageSiteAndLang(request: FastifyRequest): { site: string; lang: 'zh' | 'en' } {
  return { site: siteFromHost(request.hostname), lang: requestLang(request) };
}

/**
 * Each first-screen call asked of this server itself as the app would ask it (the same route, the
 * same site and language headers, the same contracts); an answer that is not a success is left out
 * and the app asks it again itself.
 */
async function askAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  calls: FirstScreenCall[],
  site: string,
  lang: 'zh' | 'en',
): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  await Promise.all(
    calls.map(async ({ path, query }) => {
      const search = new URLSearchParams(
        Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
      ).toString();
      try {
        const response = await app.inject({
          method: 'GET',
          url: `/api${path}${search ? `?${search}` : ''}`,
          headers: {
            accept: 'application/json',
            'accept-language': lang === 'en' ? 'en' : 'zh-CN',
            site,
          },
          remoteAddress: request.ip,
        });
        const envelope = response.json<{ code?: unknown; data?: unknown }>();
        if (response.statusCode === 200 && envelope.code === 0) {
          answers[firstScreenAnswerKey(path, query)] = envelope.data;
        }
      } catch (error) {
        request.log.warn({ err: error, path }, 'first-screen answer not written');
      }
    }),
  );
  return answers;
}

/** Spec §9: the web app keeps its session token in this cookie (it writes it itself). */
const TOKEN_COOKIE = 'movie.token';

/**
 * Whether the app on this page shows the landing page before the user is known, as its sign-in
 * gate decides (decision 033): the browser holds a token or is handed one in `setToken`. Without
 * one it shows a spinner and leaves for the authorisation page, so nothing is rendered for it.
 * Only whether there is a token matters: the rendered page is the same for everyone.
 */
export function showsBeforeSignIn(request: FastifyRequest, url: URL): boolean {
  if (url.searchParams.get('setToken')) return true;
  return (request.headers.cookie ?? '').split(';').some((part) => {
    const [name, ...value] = part.trim().split('=');
    return name === TOKEN_COOKIE && value.join('=') !== '';
  });
}

/** The server render of this page, or null (none built, not a page it renders, or it failed). */
async function renderPage(
  render: RenderFirstScreen | null,
  request: FastifyRequest,
  answers: FirstScreenAnswers,
): Promise<RenderedPage | null> {
  if (!render) return null;
  try {
    const rendered = await render({ url: request.url, answers });
    return rendered && { ...rendered, lang: answers.lang };
  } catch (error) {
    request.log.warn({ err: error }, 'first screen not rendered on the server');
    return null;
  }
}

/** index.html for this request: a landing page gets its first screen written in, others as built. */
export async function firstScreenPage(
  app: FastifyInstance,
  request: FastifyRequest,
  html: string,
  manifest: BuildManifest | null,
  render: RenderFirstScreen | null = null,
): Promise<string> {
  const url = new URL(request.url, 'http://page');
  const calls = firstScreenCalls(url.pathname, url.searchParams);
  if (calls.length === 0) return html;
  const { site, lang } = pageSiteAndLang(request);
  const answers = await askAnswers(app, request, calls, site, lang);
  const pictures = calls.flatMap(({ path, query }) =>
    firstScreenPictures(path, answers[firstScreenAnswerKey(path, query)]),
  );
  const carried = Object.keys(answers).length > 0 ? { site, lang, answers } : null;
  const rendered =
    carried && showsBeforeSignIn(request, url) ? await renderPage(render, request, carried) : null;
  return writeFirstScreen(html, {
    answers: carried,
    pictures,
    rendered,
    ...firstScreenAssets(manifest, url.pathname),
  });
}
