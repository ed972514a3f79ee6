/**
 * Undo and redo of an editor's document: each recorded edit is one step back; a drag of the
 * brush records once when it starts and then only replaces what it shows, so one drag is one
 * step. At most 200 steps are kept.
 */
export interface EditHistory<T> {
  past: T[];
  present: T;
  future: T[];
}

const MAX_STEPS = 200;

export const startHistory = <T>(present: T): EditHistory<T> => ({ past: [], present, future: [] });

/** A new step; what was undone can no longer be redone. */
export function record<T>(history: EditHistory<T>, next: T): EditHistory<T> {
  if (next === history.present) return history;
  return {
    past: [...history.past, history.present].slice(-MAX_STEPS),
    present: next,
    future: [],
  };
}

/** The current step shown differently (a drag in progress), not a step of its own. */
export const replace = <T>(history: EditHistory<T>, next: T): EditHistory<T> =>
  next === history.present ? history : { ...history, present: next };

export function undo<T>(history: EditHistory<T>): EditHistory<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
  };
}

export function redo<T>(history: EditHistory<T>): EditHistory<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}

/** Ctrl+Z / Cmd+Z undoes; with Shift (or Ctrl+Y) redoes. Text fields keep their own undo. */
export function historyKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  isInTextField: boolean;
}): 'undo' | 'redo' | null {
  if (event.isInTextField || !(event.ctrlKey || event.metaKey)) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}
