import { describe, expect, it } from 'vitest';
import { browserLocation } from './browser-location';
import { isMessengerError } from './messenger-errors';

function geolocation(answer: { coords?: [number, number]; errorCode?: number }): Geolocation {
  return {
    getCurrentPosition(success, failure) {
      if (answer.coords) {
        success({
          coords: { latitude: answer.coords[0], longitude: answer.coords[1] },
        } as GeolocationPosition);
      } else {
        failure?.({
          code: answer.errorCode!,
          message: 'no',
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
        } as GeolocationPositionError);
      }
    },
  } as Geolocation;
}

describe("the browser's location", () => {
  it('converts the Geolocation answer from WGS-84 to gcj02', async () => {
    const point = await browserLocation(geolocation({ coords: [31.1774276, 121.5272106] }));
    expect(point.latitude).toBeCloseTo(31.17530398364597, 7);
    expect(point.longitude).toBeCloseTo(121.531541859215, 7);
  });

  it('says denied when the person refused, failed when the device could not tell', async () => {
    const denied = await browserLocation(geolocation({ errorCode: 1 })).catch((e: unknown) => e);
    expect(isMessengerError(denied, 'denied')).toBe(true);
    const failed = await browserLocation(geolocation({ errorCode: 3 })).catch((e: unknown) => e);
    expect(isMessengerError(failed, 'failed')).toBe(true);
  });

  it('says unsupported without Geolocation', async () => {
    const error = await browserLocation(undefined).catch((e: unknown) => e);
    expect(isMessengerError(error, 'unsupported')).toBe(true);
  });
});
