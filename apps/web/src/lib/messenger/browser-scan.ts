import { MessengerError } from './messenger-errors';
import { messengerMessages } from './messenger-messages';

/** The Shape Detection API's BarcodeDetector, where the browser has it (Chrome on Android, ...). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options?: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?(): Promise<string[]>;
}

/** QR and the bar codes printed on top-up cards and products (spec §9: QR and bar codes). */
const WANTED_FORMATS = [
  'qr_code',
  'code_128',
  'code_39',
  'code_93',
  'ean_13',
  'ean_8',
  'upc_a',
  'upc_e',
  'itf',
  'codabar',
];
const POLL_MS = 200;

function detectorClass(): BarcodeDetectorClass | undefined {
  return (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
}

/**
 * Scan with the camera and BarcodeDetector: a full-screen viewfinder with a cancel button. Rejects
 * with `unsupported` where the browser has neither (the UI then offers typing), `denied` when the
 * camera permission is refused, `cancelled` when the person closes it.
 */
export async function browserScan(): Promise<string> {
  const Detector = detectorClass();
  if (!Detector || !navigator.mediaDevices?.getUserMedia) {
    throw new MessengerError('unsupported', 'this browser cannot read codes with its camera');
  }
  const supported = (await Detector.getSupportedFormats?.().catch(() => null)) ?? WANTED_FORMATS;
  const formats = WANTED_FORMATS.filter((format) => supported.includes(format));
  const detector = new Detector({ formats: formats.length > 0 ? formats : WANTED_FORMATS });

  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: 'environment' },
      audio: false,
    });
  } catch (error) {
    const name = (error as { name?: string }).name;
    throw new MessengerError(
      name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unsupported',
      `camera: ${String(error)}`,
    );
  }
  return runViewfinder(detector, stream);
}

function runViewfinder(detector: BarcodeDetectorLike, stream: MediaStream): Promise<string> {
  const t = messengerMessages.translate;
  const overlay = document.createElement('div');
  overlay.setAttribute('role', 'dialog');
  overlay.setAttribute('aria-label', t('scanTitle'));
  overlay.dataset.testid = 'scanner';
  overlay.style.cssText =
    'position:fixed;inset:0;z-index:2000;background:#000;display:flex;flex-direction:column;' +
    'align-items:center;justify-content:center;gap:16px;color:#fff;font-size:14px';
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.autoplay = true;
  video.srcObject = stream;
  video.style.cssText =
    'width:80vw;max-width:320px;aspect-ratio:1;object-fit:cover;border:2px solid var(--brand,#e4393c);border-radius:8px';
  const hint = document.createElement('p');
  hint.textContent = t('scanHint');
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.textContent = t('scanCancel');
  cancel.style.cssText =
    'min-width:120px;min-height:44px;border-radius:22px;border:1px solid #fff;background:transparent;color:#fff;font-size:16px';
  overlay.append(video, hint, cancel);
  document.body.append(overlay);
  void video.play().catch(() => undefined);

  return new Promise<string>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isDone = false;
    const finish = () => {
      isDone = true;
      clearTimeout(timer);
      for (const track of stream.getTracks()) track.stop();
      overlay.remove();
    };
    cancel.addEventListener('click', () => {
      finish();
      reject(new MessengerError('cancelled', 'scanning cancelled'));
    });
    const tick = async () => {
      if (isDone) return;
      try {
        if (video.readyState >= 2) {
          const found = (await detector.detect(video)).find((code) => code.rawValue.trim());
          if (found && !isDone) {
            finish();
            resolve(found.rawValue.trim());
            return;
          }
        }
      } catch {
        // a frame that cannot be read yet: try the next one
      }
      if (!isDone) timer = setTimeout(() => void tick(), POLL_MS);
    };
    void tick();
  });
}
