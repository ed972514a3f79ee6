import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './support/browser';
import { desktop, requireConsoleBuild } from './support/console';
import { startServer, type RunningServer } from './support/server';

/**
 * One language at a time: every page of the console, signed in as the owner, read in English
 * holds no Chinese UI text and in Chinese no English UI text (antd's own words included: pickers,
 * empty tables, pagination, confirm buttons). Data is exempt as it is stored: a name the API
 * answered is allowed as typed, except that a Chinese name with an English twin must show in
 * English on English pages.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  requireConsoleBuild();
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const pages = [
  '',
  '/cinemas',
  '/films',
  '/schedule',
  '/goods',
  '/cards',
  '/coupons',
  '/orders',
  '/reports',
  '/staff',
  '/audit',
  '/box-office',
  '/check-in',
  '/no-such-page',
];

/** Words of both languages that are neither: brands, formats, units and keys of the keyboard. */
const NEUTRAL = new Set([
  'IMAX',
  'VIP',
  '3D',
  '2D',
  '4DX',
  'CSV',
  'Marquee',
  'mm',
  'Control',
  'Ctrl',
]);

const CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/g;
const LATIN = /[A-Za-z][A-Za-z']*/g;

/** What the console's calls answered: every string, and the Chinese names with an English twin. */
interface Answered {
  strings: Set<string>;
  twinned: Set<string>;
}

function collectAnswers(page: Page): Answered {
  const answered: Answered = { strings: new Set(), twinned: new Set() };
  const walk = (value: unknown) => {
    if (typeof value === 'string') answered.strings.add(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      for (const [key, english] of Object.entries(record)) {
        const chinese = record[key.replace(/En$/, '')];
        if (key.endsWith('En') && typeof english === 'string' && english !== '') {
          if (typeof chinese === 'string') answered.twinned.add(chinese);
        }
      }
      Object.values(record).forEach(walk);
    }
  };
  page.on('response', async (response) => {
    if (!response.url().includes('/api/console/')) return;
    try {
      walk(await response.json());
    } catch {
      // Not JSON (a download): nothing to learn from it.
    }
  });
  return answered;
}

/** The visible text of the page and its dialogs, with placeholders, titles and labels. */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const isShown = (element: Element) => {
      const style = getComputedStyle(element);
      return (
        style.visibility !== 'hidden' &&
        style.display !== 'none' &&
        element.getClientRects().length > 0
      );
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!text || !parent || parent.closest('script, style, noscript')) continue;
      if (isShown(parent)) texts.push(text);
    }
    for (const element of document.querySelectorAll('[placeholder], [title], [aria-label]')) {
      // antd's icons are labelled with their file names ("shop", "plus") and a range picker's
      // arrow "to" in every language: pictures, not words.
      if (!isShown(element) || element.matches('.anticon, .ant-picker-range-separator *')) continue;
      for (const name of ['placeholder', 'title', 'aria-label']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/** Words of the other language that are not data as answered. */
function foreignWords(texts: string[], lang: 'zh' | 'en', answered: Answered): string[] {
  const isData = (word: string) => [...answered.strings].some((text) => text.includes(word));
  const found = new Set<string>();
  for (const text of texts) {
    if (lang === 'en') {
      for (const [word] of text.matchAll(CJK)) {
        const ownerOfTwin = [...answered.twinned].some((name) => name.includes(word));
        if (ownerOfTwin || !isData(word)) found.add(`${word}  (in “${text.slice(0, 60)}”)`);
      }
    } else {
      for (const [word] of text.matchAll(LATIN)) {
        if (NEUTRAL.has(word) || word.length < 2 || isData(word)) continue;
        found.add(`${word}  (in “${text.slice(0, 60)}”)`);
      }
    }
  }
  return [...found];
}

/** The page settled: no spinner left and a breath for late renders. */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page
    .locator('.ant-spin-spinning, .ant-skeleton-active')
    .first()
    .waitFor({ state: 'detached', timeout: 8_000 })
    .catch(() => undefined);
  await page.waitForTimeout(600);
}

/** Opens what antd draws in its own words: the first date picker's panel. */
async function openPicker(page: Page): Promise<boolean> {
  const picker = page.locator('.ant-picker:not(.ant-picker-disabled)').first();
  if ((await picker.count()) === 0 || !(await picker.isVisible())) return false;
  await picker.click();
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').first().waitFor();
  return true;
}

async function scanConsole(lang: 'zh' | 'en'): Promise<string[]> {
  const context = await desktop(browser, { locale: lang === 'en' ? 'en-US' : 'zh-CN' });
  const page = await context.newPage();
  const answered = collectAnswers(page);
  await page.goto(`${server.baseUrl}/console/sign-in`);
  await page.getByLabel(lang === 'en' ? 'Username' : '用户名').fill('owner');
  await page.getByLabel(lang === 'en' ? 'Password' : '密码').fill('owner2026');
  await page.getByRole('button', { name: lang === 'en' ? 'Sign in' : '登录' }).click();
  await page.waitForURL(/\/console\/?$/);

  const problems: string[] = [];
  for (const path of pages) {
    await page.goto(`${server.baseUrl}/console${path}`);
    await settle(page);
    const texts = await visibleTexts(page);
    if (await openPicker(page)) {
      texts.push(...(await visibleTexts(page)));
      await screenshot(
        page,
        `console-language-${lang}${path.replaceAll('/', '-') || '-home'}-picker`,
      );
      await page.keyboard.press('Escape');
    } else {
      await screenshot(page, `console-language-${lang}${path.replaceAll('/', '-') || '-home'}`);
    }
    for (const word of foreignWords(texts, lang, answered))
      problems.push(`${path || '/'}: ${word}`);
  }
  await context.close();
  return problems;
}

describe('the console speaks one language at a time', () => {
  it('shows no Chinese UI text in English', async () => {
    expect(await scanConsole('en')).toEqual([]);
  }, 180_000);

  it('shows no English UI text in Chinese', async () => {
    expect(await scanConsole('zh')).toEqual([]);
  }, 180_000);
});
