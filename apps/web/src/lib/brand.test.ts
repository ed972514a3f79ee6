import { describe, expect, it } from 'vitest';
import type { SiteBrand } from '@marquee/contracts';
import { brandNameOf, documentTitle, getBrand, setBrand } from './brand';

const galaxy: SiteBrand = {
  name: '银河影城连锁',
  shortName: '银河影城',
  shortNameEn: 'Galaxy Cinemas',
  logoUrl: null,
  themeColor: '#1d4ed8',
};

function fakeDocument(title = '') {
  const styles = new Map<string, string>();
  let themeColor = '#e54847';
  const doc = {
    title,
    documentElement: {
      style: { setProperty: (name: string, value: string) => styles.set(name, value) },
    },
    querySelector: () => ({ setAttribute: (_name: string, value: string) => (themeColor = value) }),
  };
  return { doc: doc as unknown as Document, styles, themeColor: () => themeColor };
}

describe('site brand', () => {
  it("names the site's own chain in each language, and nothing before it is known", () => {
    expect(brandNameOf(galaxy, 'zh')).toBe('银河影城');
    expect(brandNameOf(galaxy, 'en')).toBe('Galaxy Cinemas');
    expect(brandNameOf(null, 'zh')).toBe('');
  });

  it('titles a page with the brand, or the page alone while the brand is unknown', () => {
    expect(documentTitle('首页', '银河影城')).toBe('首页 - 银河影城');
    expect(documentTitle('首页', '')).toBe('首页');
    expect(documentTitle(null, '银河影城')).toBe('银河影城');
  });

  it("takes the site's theme colour for the page and the browser bar", () => {
    const { doc, styles, themeColor } = fakeDocument();
    setBrand(galaxy, doc);
    expect(getBrand()).toBe(galaxy);
    expect(styles.get('--brand')).toBe('#1d4ed8');
    expect(themeColor()).toBe('#1d4ed8');
    expect(doc.title).toBe('银河影城');
  });
});
