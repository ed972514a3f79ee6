import { describe, expect, it } from 'vitest';
import { isOutsideChina, wgs84ToGcj02 } from './gcj02';

// Published pairs of the public transform (googollee/eviltransform's test table), not computed here.
const PAIRS = [
  { name: 'Shanghai', wgs: [31.1774276, 121.5272106], gcj: [31.17530398364597, 121.531541859215] },
  { name: 'Shenzhen', wgs: [22.543847, 113.912316], gcj: [22.540796131694766, 113.9171764808363] },
  { name: 'Beijing', wgs: [39.911954, 116.377817], gcj: [39.91334545536069, 116.38404722455657] },
] as const;

describe('WGS-84 to GCJ-02', () => {
  for (const { name, wgs, gcj } of PAIRS) {
    it(`moves a point in ${name} as the published transform does (to about 1 cm)`, () => {
      const out = wgs84ToGcj02({ latitude: wgs[0], longitude: wgs[1] });
      expect(out.latitude).toBeCloseTo(gcj[0], 7);
      expect(out.longitude).toBeCloseTo(gcj[1], 7);
    });
  }

  it('leaves a point outside mainland China where it is', () => {
    const london = { latitude: 51.5074, longitude: -0.1278 };
    expect(isOutsideChina(london)).toBe(true);
    expect(wgs84ToGcj02(london)).toEqual(london);
  });
});
