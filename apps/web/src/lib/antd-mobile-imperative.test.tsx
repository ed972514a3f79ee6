// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toast } from './antd-mobile-imperative';

describe('antd-mobile-imperative', () => {
  it('shows a toast: importing Toast from here brings the mount it needs (nothing at start-up does)', async () => {
    Toast.show({ content: '已加入购物车' });
    expect(await screen.findByText('已加入购物车')).toBeTruthy();
    Toast.clear();
  });

  it('replaces a fading toast at once: the next message never overlaps it', async () => {
    Toast.show({ content: '座位已售出' });
    await screen.findByText('座位已售出');
    // Timed out or cleared: antd-mobile fades it out for a moment.
    Toast.clear();
    Toast.show({ content: '该座位暂不可售' });
    expect(await screen.findByText('该座位暂不可售')).toBeTruthy();
    const shown = [...document.querySelectorAll<HTMLElement>('.adm-toast-mask')].filter(
      (mask) => mask.style.display !== 'none',
    );
    expect(shown.map((mask) => mask.textContent)).toEqual(['该座位暂不可售']);
    Toast.clear();
  });

  it('is the only way the app takes Toast and Dialog', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const files = fs
      .readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => !file.endsWith('antd-mobile-imperative.ts'));
    const direct = files.filter((file) => {
      const text = fs.readFileSync(path.join(src, file), 'utf8');
      return (
        /from 'antd-mobile\/es\/components\/(toast|dialog)'/.test(text) ||
        /import \{[^}]*\b(Toast|Dialog)\b[^}]*\} from 'antd-mobile'/.test(text)
      );
    });
    expect(direct).toEqual([]);
  });
});
