import { formatYuan, yuanToFen } from '@marquee/contracts';
import { apiBaseUrl } from './api/host';
import { defineMessages } from './i18n/i18n';
import type { PaySignFields } from './pay-sign-fields';

const messages = defineMessages(
  {
    title: '微信支付（本地沙箱）',
    note: '这是本地沙箱，代替微信的支付界面。真实微信中由微信展示此页。',
    pay: '确认支付 ¥{amount}',
    fail: '模拟支付失败',
    cancel: '取消',
    paying: '支付中…',
  },
  {
    title: 'WeChat Pay (local sandbox)',
    note: "This local sandbox stands in for WeChat's payment sheet.",
    pay: 'Pay ¥{amount}',
    fail: 'Simulate a failed payment',
    cancel: 'Cancel',
    paying: 'Paying…',
  },
);

const STYLE = `
.sbx-pay{position:fixed;inset:0;z-index:2000;background:rgba(0,0,0,.55);display:flex;align-items:flex-end}
.sbx-pay__sheet{width:100%;background:#f7f7f7;border-radius:12px 12px 0 0;padding:16px 16px calc(16px + env(safe-area-inset-bottom));box-sizing:border-box;font:16px/1.5 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#111}
.sbx-pay__title{font-size:17px;font-weight:600;margin:0 0 4px;text-align:center}
.sbx-pay__note{font-size:13px;color:#5c4400;background:#fff3cd;border-radius:8px;padding:8px 10px;margin:8px 0 12px}
.sbx-pay__amount{font-size:32px;font-weight:600;text-align:center;margin:8px 0 16px}
.sbx-pay button{display:block;width:100%;min-height:48px;margin:8px 0 0;border:0;border-radius:8px;font-size:16px}
.sbx-pay__pay{background:#07c160;color:#fff}
.sbx-pay__fail{background:#fff;color:#c00}
.sbx-pay__cancel{background:#fff;color:#111}
`;

function sandboxConfirmUrl(prepayId: string): string {
  const api = apiBaseUrl(window.location.hostname, {
    test: import.meta.env.VITE_API_TEST_BASE,
    production: import.meta.env.VITE_API_PROD_BASE,
  });
  const root = api.replace(/\/api$/, '');
  return `${root}/sandbox/pay/${encodeURIComponent(prepayId)}/confirm`;
}

function button(className: string, text: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  element.textContent = text;
  return element;
}

/**
 * The sandbox's stand-in for WeChat's payment sheet, drawn over the page like WeChat's own (not
 * part of the app's React tree). Pay tells the sandbox to settle the transaction, which then
 * notifies our server as WeChat would; fail makes it fail; cancel changes nothing.
 */
export function openSandboxPaySheet(
  fields: PaySignFields,
): Promise<{ outcome: 'success' | 'cancel' | 'fail'; reason: string }> {
  const t = messages.translate;
  const prepayId = fields.packageValue.replace(/^prepay_id=/, '');
  const amount = formatYuan(yuanToFen(fields.amount ?? 0));
  return new Promise((resolve) => {
    const root = document.createElement('div');
    root.className = 'sbx-pay';
    root.setAttribute('role', 'dialog');
    root.setAttribute('aria-modal', 'true');
    root.setAttribute('aria-label', t('title'));
    const style = document.createElement('style');
    style.textContent = STYLE;
    const sheet = document.createElement('div');
    sheet.className = 'sbx-pay__sheet';
    const title = document.createElement('h2');
    title.className = 'sbx-pay__title';
    title.textContent = t('title');
    const note = document.createElement('p');
    note.className = 'sbx-pay__note';
    note.textContent = t('note');
    const total = document.createElement('p');
    total.className = 'sbx-pay__amount';
    total.textContent = `¥${amount}`;
    const pay = button('sbx-pay__pay', t('pay', { amount }));
    const fail = button('sbx-pay__fail', t('fail'));
    const cancel = button('sbx-pay__cancel', t('cancel'));
    sheet.append(title, note, total, pay, fail, cancel);
    root.append(style, sheet);
    document.body.append(root);
    pay.focus();

    const finish = (outcome: 'success' | 'cancel' | 'fail', reason = '') => {
      root.remove();
      resolve({ outcome, reason });
    };
    const settle = async (result: 'success' | 'fail') => {
      pay.disabled = fail.disabled = cancel.disabled = true;
      if (result === 'success') pay.textContent = t('paying');
      try {
        const response = await fetch(sandboxConfirmUrl(prepayId), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ result }),
        });
        const answer = (await response.json()) as { code: number; msg: string };
        if (result === 'success' && answer.code === 0) return finish('success');
        finish('fail', result === 'fail' ? 'sandbox: simulated failure' : answer.msg);
      } catch (error) {
        finish('fail', String(error));
      }
    };
    pay.addEventListener('click', () => void settle('success'));
    fail.addEventListener('click', () => void settle('fail'));
    cancel.addEventListener('click', () => finish('cancel'));
  });
}
