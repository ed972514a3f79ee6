import { describe, expect, it } from 'vitest';
import {
  checkPreferenceChange,
  defaultUserPreferences,
  userPreferenceNames,
} from './preferences.js';

describe('checkPreferenceChange', () => {
  it('takes a change of care mode, on or off', () => {
    expect(checkPreferenceChange({ isCareMode: true })).toEqual({
      ok: true,
      change: { isCareMode: true },
    });
    expect(checkPreferenceChange({ isCareMode: false })).toEqual({
      ok: true,
      change: { isCareMode: false },
    });
  });

  it('refuses a name it does not know, naming it, even beside a valid one', () => {
    expect(checkPreferenceChange({ isCareMode: true, fontScale: 2 })).toEqual({
      ok: false,
      error: 'PREFERENCE_UNKNOWN',
      names: ['fontScale'],
    });
    expect(checkPreferenceChange({ __proto__x: 1 })).toMatchObject({
      error: 'PREFERENCE_UNKNOWN',
    });
  });

  it('refuses a value of the wrong type rather than reading "false" or 1 as a switch', () => {
    for (const value of ['true', 'false', 1, 0, null, [], {}]) {
      expect(checkPreferenceChange({ isCareMode: value })).toEqual({
        ok: false,
        error: 'PREFERENCE_VALUE_INVALID',
        names: ['isCareMode'],
      });
    }
  });

  it('refuses a change of nothing', () => {
    expect(checkPreferenceChange({})).toEqual({ ok: false, error: 'PREFERENCES_EMPTY' });
  });

  it('has a default for every preference: care mode starts off', () => {
    expect(Object.keys(defaultUserPreferences).sort()).toEqual([...userPreferenceNames].sort());
    expect(defaultUserPreferences.isCareMode).toBe(false);
  });
});
