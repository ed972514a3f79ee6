import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { isSameFormValue } from './form-values';

describe('whether a form holds changes', () => {
  it('sees a typed name as a change and the name typed back as none', () => {
    const opened = { title: '沙丘', genres: ['科幻'] };
    expect(isSameFormValue(opened, { title: '沙丘2', genres: ['科幻'] })).toBe(false);
    expect(isSameFormValue(opened, { title: '沙丘', genres: ['科幻'] })).toBe(true);
  });

  it('reads empty, missing and blank fields alike', () => {
    expect(isSameFormValue({ note: undefined, tags: [] }, { note: '  ', tags: undefined })).toBe(
      true,
    );
    expect(isSameFormValue({ price: null }, { price: 0 })).toBe(false);
  });

  it('compares dates by their instant, not their object', () => {
    const a = { validTo: dayjs('2026-12-01T20:00:00+08:00') };
    expect(isSameFormValue(a, { validTo: dayjs('2026-12-01T12:00:00Z') })).toBe(true);
    expect(isSameFormValue(a, { validTo: dayjs('2026-12-02T20:00:00+08:00') })).toBe(false);
  });

  it('sees a row added to or removed from a list', () => {
    const cast = [{ name: '甲', role: '主演' }];
    expect(isSameFormValue({ cast }, { cast: [...cast, { name: '乙', role: '' }] })).toBe(false);
    expect(isSameFormValue({ cast }, { cast: [] })).toBe(false);
  });
});
