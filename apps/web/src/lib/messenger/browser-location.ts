import { wgs84ToGcj02, type LatLng } from './gcj02';
import { MessengerError } from './messenger-errors';

const TIMEOUT_MS = 8_000;

/** The browser's Geolocation (WGS-84), converted to gcj02 as WeChat would answer. */
export function browserLocation(
  geolocation: Geolocation | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.geolocation,
): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new MessengerError('unsupported', 'this browser has no Geolocation'));
      return;
    }
    geolocation.getCurrentPosition(
      (position) =>
        resolve(
          wgs84ToGcj02({
            latitude: position.coords.latitude,
            longitude: position.coords.longitude,
          }),
        ),
      (error) =>
        reject(
          new MessengerError(
            error.code === error.PERMISSION_DENIED ? 'denied' : 'failed',
            `geolocation: ${error.message}`,
          ),
        ),
      { timeout: TIMEOUT_MS, maximumAge: 5 * 60_000 },
    );
  });
}
