import { describe, expect, it } from 'vitest';
import { consoleDateSchema, filmFieldsSchema, posterTypeOf } from './film-calls.js';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((value) =>
      typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value],
    ),
  );

describe('poster types by their first bytes', () => {
  it('recognises PNG, JPEG and WebP', () => {
    expect(posterTypeOf(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(posterTypeOf(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe('image/jpeg');
    expect(posterTypeOf(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses GIF, SVG, a RIFF that is not WebP, and too few bytes', () => {
    expect(posterTypeOf(bytes('GIF89a'))).toBeNull();
    expect(posterTypeOf(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(posterTypeOf(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeNull();
    expect(posterTypeOf(bytes(0x89, 'PN'))).toBeNull();
    expect(posterTypeOf(new Uint8Array())).toBeNull();
  });
});

describe('film fields', () => {
  const film = {
    title: ' 长安夜雨 ',
    genres: ['剧情'],
    durationMinutes: 120,
    releaseDate: '2026-12-01',
    rating: 8.5,
  };

  it('trims text and fills the optional fields', () => {
    expect(filmFieldsSchema.parse(film)).toMatchObject({
      title: '长安夜雨',
      synopsis: '',
      cast: [],
      director: '',
    });
  });

  it('refuses impossible dates, ratings with two decimals and repeated genres', () => {
    expect(consoleDateSchema.safeParse('2026-02-29').success).toBe(false);
    expect(consoleDateSchema.safeParse('2028-02-29').success).toBe(true);
    expect(filmFieldsSchema.safeParse({ ...film, rating: 8.55 }).success).toBe(false);
    expect(filmFieldsSchema.safeParse({ ...film, rating: null }).success).toBe(true);
    expect(filmFieldsSchema.safeParse({ ...film, genres: ['剧情', '剧情'] }).success).toBe(false);
    expect(filmFieldsSchema.safeParse({ ...film, durationMinutes: 90.5 }).success).toBe(false);
  });
});
