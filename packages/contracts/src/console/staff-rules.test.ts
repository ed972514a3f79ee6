import { describe, expect, it } from 'vitest';
import {
  canUseArea,
  consoleAreas,
  coversCinema,
  staffCinemasProblem,
  staffPasswordProblem,
  STAFF_USERNAME_PATTERN,
} from './staff-rules.js';

describe('console areas by role', () => {
  it('lets the owner use every area', () => {
    expect(consoleAreas.every((area) => canUseArea('owner', area))).toBe(true);
  });

  it('keeps staff and the audit log away from cashiers, and the audit log from managers', () => {
    expect(canUseArea('cashier', 'staff')).toBe(false);
    expect(canUseArea('cashier', 'audit')).toBe(false);
    expect(canUseArea('manager', 'audit')).toBe(false);
    expect(canUseArea('manager', 'staff')).toBe(true);
  });

  it('lets a cashier sell at the box office, check in and look up orders only', () => {
    expect(consoleAreas.filter((area) => canUseArea('cashier', area))).toEqual([
      'boxOffice',
      'checkIn',
      'orders',
    ]);
  });
});

describe('cinemas a staff member covers', () => {
  it('refuses cinemas for an owner, none for a manager, other than one for a cashier', () => {
    expect(staffCinemasProblem('owner', ['c1'])?.hintEn).toMatch(/every cinema/);
    expect(staffCinemasProblem('owner', [])).toBeNull();
    expect(staffCinemasProblem('manager', [])?.hintEn).toMatch(/at least one/);
    expect(staffCinemasProblem('manager', ['c1', 'c2'])).toBeNull();
    expect(staffCinemasProblem('cashier', ['c1', 'c2'])?.hintEn).toMatch(/exactly one/);
    expect(staffCinemasProblem('cashier', ['c1'])).toBeNull();
  });

  it('refuses a cinema listed twice', () => {
    expect(staffCinemasProblem('manager', ['c1', 'c1'])?.hintEn).toMatch(/twice/);
  });

  it('covers every cinema for an owner and only listed cinemas for the others', () => {
    expect(coversCinema({ role: 'owner', cinemaIds: [] }, 'c9')).toBe(true);
    expect(coversCinema({ role: 'manager', cinemaIds: ['c1'] }, 'c1')).toBe(true);
    expect(coversCinema({ role: 'manager', cinemaIds: ['c1'] }, 'c2')).toBe(false);
    expect(coversCinema({ role: 'cashier', cinemaIds: ['c1'] }, 'c2')).toBe(false);
  });
});

describe('staff usernames and passwords', () => {
  it('takes lower-case usernames of 2 to 32 characters', () => {
    expect(STAFF_USERNAME_PATTERN.test('boss')).toBe(true);
    expect(STAFF_USERNAME_PATTERN.test('li.na_2')).toBe(true);
    expect(STAFF_USERNAME_PATTERN.test('Boss')).toBe(false);
    expect(STAFF_USERNAME_PATTERN.test('a')).toBe(false);
    expect(STAFF_USERNAME_PATTERN.test('-boss')).toBe(false);
    expect(STAFF_USERNAME_PATTERN.test('x'.repeat(33))).toBe(false);
  });

  it('wants 8 to 64 characters with letters and digits', () => {
    expect(staffPasswordProblem('abc123')?.hintEn).toMatch(/8 to 64/);
    expect(staffPasswordProblem('abcdefgh')?.hintEn).toMatch(/letters and digits/);
    expect(staffPasswordProblem('12345678')?.hintEn).toMatch(/letters and digits/);
    expect(staffPasswordProblem('cinema2026')).toBeNull();
    expect(staffPasswordProblem(`a1${'x'.repeat(63)}`)?.hintEn).toMatch(/8 to 64/);
  });
});
