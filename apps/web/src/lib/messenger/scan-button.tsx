import { useState } from 'react';
import { Toast } from '@/lib/antd-mobile-imperative';
import { canScan, scanCode } from './messenger';
import { isMessengerError } from './messenger-errors';
import { messengerMessages } from './messenger-messages';

/**
 * "扫一扫": reads a QR or bar code (WeChat's scanner, or the camera in a browser that can) and
 * hands its text to `onScanned`. In a browser that cannot scan there is no button: people type.
 * If scanning fails anyway (camera refused, none present) it says so and `onUnavailable` runs.
 */
export function ScanButton({
  onScanned,
  onUnavailable,
  className = 'button',
}: {
  onScanned: (code: string) => void;
  /** Called when the person should type instead (e.g. to focus the input). */
  onUnavailable?: () => void;
  className?: string;
}) {
  const t = messengerMessages.useT();
  const [isScanning, setIsScanning] = useState(false);
  const [isPossible] = useState(canScan);

  async function scan() {
    setIsScanning(true);
    try {
      onScanned(await scanCode());
    } catch (error) {
      if (isMessengerError(error, 'cancelled')) return;
      Toast.show({
        content: isMessengerError(error, 'unsupported')
          ? t('scanUnsupported')
          : isMessengerError(error, 'denied')
            ? t('scanDenied')
            : t('scanFailed'),
      });
      onUnavailable?.();
    } finally {
      setIsScanning(false);
    }
  }

  if (!isPossible) return null;
  return (
    <button
      type="button"
      className={className}
      aria-label={t('scanButtonLabel')}
      disabled={isScanning}
      onClick={() => void scan()}
    >
      {t('scanButton')}
    </button>
  );
}
