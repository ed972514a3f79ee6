import { describe, expect, it } from 'vitest';
import { advanceCsv, toCsv, yuanOf } from './reports-csv.js';

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

  it('writes advance sales per show date with a total row, in the asked language', () => {
    const day = { showCount: 3, ticketCount: 5, ticketFen: 22500, seatsForSale: 300, percent: 1.7 };
    const report = {
      from: '2026-12-01',
      to: '2026-12-02',
      cinemas: [],
      asOf: '2026-11-30T02:00:00.000Z',
      days: [
        { date: '2026-12-01', ...day },
        {
          date: '2026-12-02',
          showCount: 0,
          ticketCount: 0,
          ticketFen: 0,
          seatsForSale: 0,
          percent: 0,
        },
      ],
      totals: day,
    };
    expect(advanceCsv(report, 'en')).toBe(
      '\uFEFFShow date,Shows,Tickets sold,Tickets (yuan),Seats for sale,Occupancy (%)\r\n' +
        '2026-12-01,3,5,225.00,300,1.7\r\n2026-12-02,0,0,0.00,0,0\r\nTotal,3,5,225.00,300,1.7\r\n',
    );
  });
});
