import { describe, expect, it } from 'vitest';
import {
  CARE_MODE_CLASS,
  CARE_MODE_STORAGE_KEY,
  isCareMode,
  rememberedCareMode,
  setCareMode,
} from './care-mode';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

function fakeDocument() {
  const classes = new Set<string>();
  return {
    classes,
    doc: {
      documentElement: {
        classList: {
          toggle: (name: string, force: boolean) => {
            if (force) classes.add(name);
            else classes.delete(name);
            return force;
          },
        },
      },
    } as unknown as Document,
  };
}

describe('care mode on the page', () => {
  it('is off in a browser that remembers nothing, or something unexpected', () => {
    const store = memoryStorage();
    expect(rememberedCareMode(store)).toBe(false);
    store.setItem(CARE_MODE_STORAGE_KEY, 'true');
    expect(rememberedCareMode(store)).toBe(false);
    expect(rememberedCareMode(undefined)).toBe(false);
  });

  it('puts the root class on and off and remembers the choice for the next visit', () => {
    const store = memoryStorage();
    const { doc, classes } = fakeDocument();
    setCareMode(true, { doc, store });
    expect(classes.has(CARE_MODE_CLASS)).toBe(true);
    expect(isCareMode()).toBe(true);
    expect(rememberedCareMode(store)).toBe(true);

    setCareMode(false, { doc, store });
    expect(classes.has(CARE_MODE_CLASS)).toBe(false);
    expect(isCareMode()).toBe(false);
    expect(rememberedCareMode(store)).toBe(false);
  });

  it('still switches the page when the browser refuses to store anything', () => {
    const { doc, classes } = fakeDocument();
    const refusing = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as Storage;
    setCareMode(true, { doc, store: refusing });
    expect(classes.has(CARE_MODE_CLASS)).toBe(true);
    setCareMode(false, { doc, store: refusing });
  });
});
