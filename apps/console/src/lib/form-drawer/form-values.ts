/**
 * Whether a form holds changes: its values now against the values it opened with. Dates (dayjs)
 * compare by instant, empty strings and lists equal nothing typed, and a value typed then put back
 * is no change, so "discard your changes?" is asked only when something would be lost.
 */
export function isSameFormValue(a: unknown, b: unknown): boolean {
  const left = normalised(a);
  const right = normalised(b);
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || !left || !right) return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  if (Array.isArray(left) && Array.isArray(right)) {
    return left.length === right.length && left.every((item, i) => isSameFormValue(item, right[i]));
  }
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].every((key) =>
    isSameFormValue(
      (left as Record<string, unknown>)[key],
      (right as Record<string, unknown>)[key],
    ),
  );
}

/** Nothing typed reads the same however the field holds it; dates read as their instant. */
function normalised(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value) && value.length === 0) return null;
  if (isDateLike(value)) return value.valueOf();
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  return value;
}

function isDateLike(value: unknown): value is { valueOf(): number } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value instanceof Date || ('isValid' in value && typeof value.valueOf === 'function'))
  );
}
