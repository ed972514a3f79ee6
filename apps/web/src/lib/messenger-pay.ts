import type { PaySignFields } from './pay-sign-fields';
import { openSandboxPaySheet } from './sandbox-pay-sheet';

/**
 * Spec §4: the messenger's payment ends as success, cancel or fail; on fail or cancel the supplied
 * handler is invoked. Inside WeChat this is WeixinJSBridge's `getBrandWCPayRequest` (what
 * `wx.chooseWXPay` calls underneath, without needing `wx.config`); on a sandbox site the local
 * sandbox's payment sheet plays WeChat's.
 *
 * 'success' only means the sheet says so: the order is paid when the server has WeChat's word
 * (notification or query), so callers then poll the payment status.
 */
export type PaymentOutcome = 'success' | 'cancel' | 'fail';

export interface PaymentHandlers {
  onCancel?: () => void;
  onFail?: (reason: string) => void;
}

interface BridgeAnswer {
  err_msg?: string;
  errMsg?: string;
}

interface WeixinBridge {
  invoke(
    name: string,
    args: Record<string, string>,
    callback: (answer: BridgeAnswer) => void,
  ): void;
}

/** WeChat's in-page bridge (typed loosely by weixin-js-sdk; this is the part we use). */
const bridgeOf = () => (window as unknown as { WeixinJSBridge?: WeixinBridge }).WeixinJSBridge;

const BRIDGE_WAIT_MS = 10_000;

function waitForBridge(): Promise<WeixinBridge> {
  const ready = bridgeOf();
  if (ready) return Promise.resolve(ready);
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(
      () => reject(new Error('WeixinJSBridge not available')),
      BRIDGE_WAIT_MS,
    );
    document.addEventListener(
      'WeixinJSBridgeReady',
      () => {
        window.clearTimeout(timer);
        const bridge = bridgeOf();
        if (bridge) resolve(bridge);
        else reject(new Error('WeixinJSBridge not available'));
      },
      { once: true },
    );
  });
}

/** WeChat's answer text → spec §4's three outcomes. */
export function outcomeOf(answer: BridgeAnswer): PaymentOutcome {
  const message = (answer.err_msg ?? answer.errMsg ?? '').toLowerCase();
  if (message.endsWith(':ok')) return 'success';
  if (message.endsWith(':cancel')) return 'cancel';
  return 'fail';
}

async function viaBridge(
  fields: PaySignFields,
): Promise<{ outcome: PaymentOutcome; reason: string }> {
  const bridge = await waitForBridge();
  return new Promise((resolve) => {
    bridge.invoke(
      'getBrandWCPayRequest',
      {
        appId: fields.appId,
        timeStamp: fields.timeStamp,
        nonceStr: fields.nonceStr,
        package: fields.packageValue,
        signType: fields.signType,
        paySign: fields.paySign,
      },
      (answer) =>
        resolve({ outcome: outcomeOf(answer), reason: answer.err_msg ?? answer.errMsg ?? '' }),
    );
  });
}

export async function requestPayment(
  fields: PaySignFields,
  handlers: PaymentHandlers = {},
): Promise<PaymentOutcome> {
  let result: { outcome: PaymentOutcome; reason: string };
  try {
    result = fields.isSandbox ? await openSandboxPaySheet(fields) : await viaBridge(fields);
  } catch (error) {
    result = { outcome: 'fail', reason: error instanceof Error ? error.message : String(error) };
  }
  if (result.outcome === 'cancel') handlers.onCancel?.();
  if (result.outcome === 'fail') handlers.onFail?.(result.reason);
  return result.outcome;
}
