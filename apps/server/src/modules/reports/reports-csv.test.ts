import { describe, expect, it } from 'vitest';
import { toCsv, yuanOf } from './reports-csv.js';

describe('report CSV', () => {
  it('writes fen as yuan with two decimals, exactly, negative too', () => {
    expect(yuanOf(0)).toBe('0.00');
    expect(yuanOf(5)).toBe('0.05');
    expect(yuanOf(3200)).toBe('32.00');
    expect(yuanOf(123456789)).toBe('1234567.89');
    expect(yuanOf(-1050)).toBe('-10.50');
  });

  it('starts with a byte order mark, ends lines with CRLF and quotes what needs it', () => {
    const text = toCsv(
      ['名称', '金额'],
      [
        ['可乐, 大杯', '1.00'],
        ['说 "好"', 2],
      ],
    );
    expect(text).toBe('\uFEFF名称,金额\r\n"可乐, 大杯",1.00\r\n"说 ""好""",2\r\n');
  });

  it('keeps a spreadsheet from running a formula in a name, but not a negative amount', () => {
    expect(toCsv(['a', 'b'], [['=HYPERLINK("x")', '-10.50']])).toBe(
      '\uFEFFa,b\r\n"\'=HYPERLINK(""x"")",-10.50\r\n',
    );
    expect(toCsv(['a'], [['@cmd'], ['+1'], ['-1+1']])).toBe("\uFEFFa\r\n'@cmd\r\n+1\r\n'-1+1\r\n");
  });
});
