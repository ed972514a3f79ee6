import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('database unavailable or a fault of the call', () => {
  it('knows a restart, cut connections and a refused connection', () => {
    expect(
      isDatabaseUnavailable(
        withCode('terminating connection due to administrator command', '57P01'),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(
      true,
    );
    expect(
      isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('leaves faults of the call alone', () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('invalid input syntax for type uuid', '22P02'))).toBe(
      false,
    );
    expect(isDatabaseUnavailable('a string')).toBe(false);
  });
});
