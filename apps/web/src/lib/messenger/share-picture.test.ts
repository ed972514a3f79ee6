import { describe, expect, it } from 'vitest';
import { sharePictureOf } from './share-picture';

describe('sharePictureOf', () => {
  it('shares a film poster as its PNG twin', () => {
    expect(sharePictureOf('/api/film/poster/0b5c-11.svg')).toBe('/api/film/poster/0b5c-11.png');
  });

  it('shares a goods picture as its PNG twin', () => {
    expect(sharePictureOf('/api/goods/image/abc.svg')).toBe('/api/goods/image/abc.png');
  });

  it('leaves other pictures as they are', () => {
    expect(sharePictureOf('/favicon.svg')).toBe('/favicon.svg');
    expect(sharePictureOf('https://cdn.example.com/a.svg')).toBe('https://cdn.example.com/a.svg');
    expect(sharePictureOf('/api/film/poster/a.png')).toBe('/api/film/poster/a.png');
  });
});
