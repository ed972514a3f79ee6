import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { chromiumFlags, chromiumPath } from './chromium';

const screenshotsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../test-results/screenshots',
);

export const PHONE = { width: 375, height: 667 };

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}

/** A phone: 375×667, touch, Chinese unless told otherwise. */
export async function newPhone(
  browser: Browser,
  options: { locale?: string; viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: options.viewport ?? PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: options.locale ?? 'zh-CN',
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/** Sign in through the sandbox's authorisation page, as a person would. */
export async function signInAs(
  page: Page,
  baseUrl: string,
  nickname: string,
  path = '/',
): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.waitForURL(/\/sandbox\/connect\/oauth2\/authorize/);
  const userInfo = page.waitForResponse((response) =>
    response.url().includes('/api/userInfo/getUserInfo'),
  );
  await page.getByRole('button', { name: nickname, exact: true }).click();
  // Back on the app, signed in once the code has been exchanged and removed from the URL, and the
  // user fetched (a test that navigates on at once must not cut that request short).
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/sandbox/') && !url.searchParams.has('code'),
  );
  await userInfo;
}

/**
 * Wait until an element stands still (a sheet finished sliding in), measured over two frames: a
 * condition, not a guess at how long an animation takes.
 */
export async function untilStill(locator: Locator): Promise<void> {
  await locator.waitFor();
  await expect
    .poll(() =>
      locator.evaluate(
        (element) =>
          new Promise<boolean>((resolve) => {
            const before = element.getBoundingClientRect();
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                const after = element.getBoundingClientRect();
                resolve(before.top === after.top && before.left === after.left);
              }),
            );
          }),
      ),
    )
    .toBe(true);
}

/** Keep a picture of the page for people to look at; nothing asserts on it. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(screenshotsDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`) });
}

/**
 * The dialog or sheet holding `locator` has an opaque background: walking up from the element, some
 * box paints a solid colour before the first fixed layer (the dialog's own frame) without one. A
 * see-through dialog (antd-mobile's theme variables missing) draws its text over the page behind.
 */
export async function expectOpaque(locator: Locator): Promise<void> {
  await locator.first().waitFor();
  const found = await locator.first().evaluate((element) => {
    const alphaOf = (colour: string): number => {
      const parts = colour.match(/[\d.]+/g)?.map(Number) ?? [];
      if (parts.length < 3) return 0;
      return parts.length >= 4 ? parts[3]! : 1;
    };
    for (let node: Element | null = element; node && node !== document.body;) {
      const style = getComputedStyle(node);
      if (alphaOf(style.backgroundColor) === 1) {
        return `opaque: ${node.className || node.tagName} ${style.backgroundColor}`;
      }
      if (style.position === 'fixed') {
        return `see-through: ${node.className || node.tagName} ${style.backgroundColor}`;
      }
      node = node.parentElement;
    }
    return 'see-through: no background up to the page';
  });
  expect(found).toMatch(/^opaque: /);
}

/**
 * The WCAG contrast ratio of an element's text against the first opaque background behind it
 * (walking up to the page): 4.5 is AA for normal text.
 */
export async function contrastOf(locator: Locator): Promise<number> {
  return locator.first().evaluate((element) => {
    const rgba = (colour: string) => {
      const parts = colour.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
      return { rgb: parts.slice(0, 3), alpha: parts.length >= 4 ? parts[3]! : 1 };
    };
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((value) => {
        const channel = value / 255;
        return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    let background = [255, 255, 255];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const { rgb, alpha } = rgba(getComputedStyle(node).backgroundColor);
      if (alpha === 1) {
        background = rgb;
        break;
      }
    }
    const text = luminance(rgba(getComputedStyle(element).color).rgb);
    const back = luminance(background);
    return (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
  });
}

/**
 * Visible controls matching `selector` whose reach is under a thumb (44 × 44 px), with their
 * text. The reach counts an absolutely placed `::after` that stretches past the box (how small
 * buttons get a larger touch area).
 */
export async function smallTapTargets(
  page: Page,
  selector = 'button, input:not([type="radio"]):not([type="checkbox"]), [role="button"], [role="tab"], label.chip',
): Promise<string[]> {
  return page.evaluate((query) => {
    const px = (value: string) => (value.endsWith('px') ? -Math.min(0, parseFloat(value)) : 0);
    return [...document.querySelectorAll(query)]
      .filter((element) => {
        if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
          return false;
        }
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        const after = getComputedStyle(element, '::after');
        const isReach = after.content !== 'none' && after.position === 'absolute';
        const width = box.width + (isReach ? px(after.left) + px(after.right) : 0);
        const height = box.height + (isReach ? px(after.top) + px(after.bottom) : 0);
        return width < 43.5 || height < 43.5;
      })
      .map((element) => `${element.tagName} "${(element.textContent ?? '').trim().slice(0, 20)}"`);
  }, selector);
}
