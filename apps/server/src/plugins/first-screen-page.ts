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
 * own scripts instead of after them. The page is still sent `no-cache`: nothing here is kept.
 */

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
  },
): string {
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
    ...parts.styles.map(
      (url) => `<link rel="preload" as="style" crossorigin href="${attribute(url)}">`,
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
  return html.replace('</head>', `${lines.join('\n  ')}\n  </head>`);
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

/** index.html for this request: a landing page gets its first screen written in, others as built. */
export async function firstScreenPage(
  app: FastifyInstance,
  request: FastifyRequest,
  html: string,
  manifest: BuildManifest | null,
): Promise<string> {
  const url = new URL(request.url, 'http://page');
  const calls = firstScreenCalls(url.pathname, url.searchParams);
  if (calls.length === 0) return html;
  const { site, lang } = pageSiteAndLang(request);
  const answers = await askAnswers(app, request, calls, site, lang);
  const pictures = calls.flatMap(({ path, query }) =>
    firstScreenPictures(path, answers[firstScreenAnswerKey(path, query)]),
  );
  return writeFirstScreen(html, {
    answers: Object.keys(answers).length > 0 ? { site, lang, answers } : null,
    pictures,
    ...firstScreenAssets(manifest, url.pathname),
  });
}
