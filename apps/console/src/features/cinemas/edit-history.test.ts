import { describe, expect, it } from 'vitest';
import { historyKey, record, redo, replace, startHistory, undo } from './edit-history';

const key = (patch: Partial<Parameters<typeof historyKey>[0]>) =>
  historyKey({
    key: 'z',
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    isInTextField: false,
    ...patch,
  });

describe('undo and redo in the layout editor', () => {
  it('undoes and redoes recorded steps in order', () => {
    let history = record(record(startHistory('a'), 'b'), 'c');
    history = undo(history);
    expect(history.present).toBe('b');
    history = undo(undo(history));
    expect(history.present).toBe('a');
    history = redo(history);
    expect(history.present).toBe('b');
    expect(redo(redo(redo(history))).present).toBe('c');
  });

  it('forgets what was undone once a new step is recorded', () => {
    const history = record(undo(record(startHistory('a'), 'b')), 'x');
    expect(history.future).toEqual([]);
    expect(undo(history).present).toBe('a');
  });

  it('makes one drag one step: the steps of a drag replace, they do not record', () => {
    let history = record(startHistory('a'), 'drag 1 cell');
    history = replace(replace(history, 'drag 2 cells'), 'drag 6 cells');
    expect(history.present).toBe('drag 6 cells');
    expect(undo(history).present).toBe('a');
  });

  it('keeps the last 200 steps', () => {
    let history = startHistory(0);
    for (let i = 1; i <= 250; i += 1) history = record(history, i);
    expect(history.past).toHaveLength(200);
    expect(history.past[0]).toBe(50);
  });

  it('reads Ctrl/Cmd+Z as undo and with Shift as redo, but not inside a text field', () => {
    expect(key({ ctrlKey: true })).toBe('undo');
    expect(key({ metaKey: true })).toBe('undo');
    expect(key({ metaKey: true, shiftKey: true, key: 'Z' })).toBe('redo');
    expect(key({ ctrlKey: true, key: 'y' })).toBe('redo');
    expect(key({})).toBeNull();
    expect(key({ ctrlKey: true, isInTextField: true })).toBeNull();
  });
});
