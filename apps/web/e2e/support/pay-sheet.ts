import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { untilStill } from './browser';

/** Waits that include a server round trip (a scrypt hash, an RSA key) get room on a busy machine. */
const POLL = { timeout: 10_000 };

/** Type digits on antd-mobile's number pad, as a thumb would. */
export async function typeOnPad(page: Page, digits: string) {
  for (const digit of digits) {
    await page
      .locator('.adm-number-keyboard-key:visible')
      .getByText(digit, { exact: true })
      .click();
  }
}

/**
 * On an open pay sheet with cards chosen, for a user without a pay password: set `password` from
 * the sheet (twice on the pad), confirm, and type it on the keypad to pay.
 */
export async function setPasswordAndPayByCard(page: Page, password: string) {
  await page.getByRole('button', { name: '设置支付密码' }).click();
  await page.getByRole('button', { name: /支付密码输入框/ }).click();
  await expect
    .poll(() => page.getByTestId('pay-password-step').textContent(), POLL)
    .toBe('请设置 6 位数字支付密码');
  await typeOnPad(page, password);
  await expect
    .poll(() => page.getByTestId('pay-password-step').textContent(), POLL)
    .toBe('请再次输入新的支付密码');
  await typeOnPad(page, password);
  await expect
    .poll(() => page.getByRole('button', { name: /^确认支付/ }).isEnabled(), POLL)
    .toBe(true);
  await page.getByRole('button', { name: /^确认支付/ }).click();
  await expect.poll(() => page.getByText('请输入支付密码').count(), POLL).toBe(1);
  await untilStill(page.locator('.pay-keypad'));
  await typeOnPad(page, password);
}
