import { useEffect, useRef, useState } from 'react';
import { Alert, Modal } from 'antd';
import { checkInMessages } from '../check-in-messages';

/** The parts of the browser's BarcodeDetector API the console uses (not in TypeScript's DOM yet). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorConstructor = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

function barcodeDetector(): BarcodeDetectorConstructor | null {
  return (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector ?? null;
}

/**
 * Whether this browser can read QR codes from the camera by itself (Chrome on Android, Safari on
 * iOS 17+ with the flag, ChromeOS...): no scanning library is shipped, the input stays the way in.
 */
export function canScanWithCamera(): boolean {
  return (
    barcodeDetector() !== null &&
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

/** A dialog showing the back camera until a QR code is read; the text goes to `onDetected`. */
export function CameraScanModal(props: {
  open: boolean;
  onDetected: (text: string) => void;
  onClose: () => void;
}) {
  const t = checkInMessages.useMessages();
  return (
    <Modal
      open={props.open}
      title={t('scanTitle')}
      onCancel={props.onClose}
      footer={null}
      destroyOnHidden
      centered
    >
      {props.open && <CameraView onDetected={props.onDetected} />}
    </Modal>
  );
}

function CameraView(props: { onDetected: (text: string) => void }) {
  const t = checkInMessages.useMessages();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { onDetected } = props;

  useEffect(() => {
    const Detector = barcodeDetector();
    if (!Detector) return;
    const detector = new Detector({ formats: ['qr_code'] });
    let stream: MediaStream | null = null;
    let timer = 0;
    let isStopped = false;
    const look = async () => {
      const video = videoRef.current;
      if (isStopped || !video) return;
      try {
        const [found] = await detector.detect(video);
        if (found?.rawValue && !isStopped) {
          onDetected(found.rawValue);
          return;
        }
      } catch {
        // A frame that is not ready yet: try the next one.
      }
      timer = window.setTimeout(() => void look(), 200);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (opened) => {
        const video = videoRef.current;
        if (isStopped || !video) {
          opened.getTracks().forEach((track) => track.stop());
          return;
        }
        stream = opened;
        video.srcObject = opened;
        await video.play();
        void look();
      })
      .catch((error: Error) => setFailure(error.message || error.name));
    return () => {
      isStopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onDetected]);

  if (failure)
    return <Alert type="error" showIcon message={t('cameraFailed', { reason: failure })} />;
  return (
    <video
      ref={videoRef}
      muted
      playsInline
      style={{ width: '100%', borderRadius: 8, background: '#000', aspectRatio: '1 / 1' }}
    />
  );
}
