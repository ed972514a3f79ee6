import { describe, expect, it } from 'vitest';
import { svgToPng } from './svg-png.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const svg = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900"><rect width="600" height="900" fill="${fill}"/><text x="40" y="200" font-size="80">星幕影城</text></svg>`;

describe('svgToPng', () => {
  it('renders a PNG of the asked width, keeping the aspect ratio', () => {
    const png = svgToPng(svg('#c33'), 300);
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(png.readUInt32BE(16)).toBe(300); // IHDR width
    expect(png.readUInt32BE(20)).toBe(450); // IHDR height
  });

  it('answers the cached rendering for the same picture, a new one for another', () => {
    const first = svgToPng(svg('#123456'));
    expect(svgToPng(svg('#123456'))).toBe(first);
    expect(svgToPng(svg('#654321'))).not.toBe(first);
  });
});
