/**
 * Who may do what in the console: one table read by the server's guard and by the console's menu,
 * so the menu never offers what the server refuses.
 */
export const staffRoles = ['owner', 'manager', 'cashier'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The console's areas, in menu order. */
export const consoleAreas = [
  'cinemas',
  'films',
  'schedule',
  'goods',
  'cards',
  'coupons',
  'boxOffice',
  'checkIn',
  'orders',
  'reports',
  'staff',
  'audit',
] as const;
export type ConsoleArea = (typeof consoleAreas)[number];

const areaRoles: Record<ConsoleArea, readonly StaffRole[]> = {
  cinemas: ['owner', 'manager'],
  films: ['owner', 'manager'],
  schedule: ['owner', 'manager'],
  goods: ['owner', 'manager'],
  cards: ['owner'],
  // Managers change only campaigns limited to their cinemas (campaignCoverProblem).
  coupons: ['owner', 'manager'],
  // Selling at the counter, shifts; closing a day is for managers and owners (dayCloseRoles).
  boxOffice: ['owner', 'manager', 'cashier'],
  checkIn: ['owner', 'manager', 'cashier'],
  orders: ['owner', 'manager', 'cashier'],
  reports: ['owner', 'manager'],
  // Managers see (read only) who works at their cinemas; only owners change staff.
  staff: ['owner', 'manager'],
  audit: ['owner'],
};

export function rolesOfArea(area: ConsoleArea): readonly StaffRole[] {
  return areaRoles[area];
}

export function canUseArea(role: StaffRole, area: ConsoleArea): boolean {
  return areaRoles[area].includes(role);
}

/**
 * Owners cover every cinema of their site; a manager one or more cinemas; a cashier works at
 * exactly one. Answers what is wrong, or null.
 */
export function staffCinemasProblem(
  role: StaffRole,
  cinemaIds: readonly string[],
): { hint: string; hintEn: string } | null {
  const count = new Set(cinemaIds).size;
  if (count !== cinemaIds.length) {
    return { hint: '影城重复选择了', hintEn: 'A cinema is listed twice.' };
  }
  if (role === 'owner' && count > 0) {
    return {
      hint: '老板负责本站点的所有影城，无需选择影城',
      hintEn: 'An owner covers every cinema of the site; choose no cinema.',
    };
  }
  if (role === 'manager' && count === 0) {
    return { hint: '店长至少要负责一家影城', hintEn: 'A manager must cover at least one cinema.' };
  }
  if (role === 'cashier' && count !== 1) {
    return {
      hint: '收银员只在一家影城工作，请选择一家',
      hintEn: 'A cashier works at exactly one cinema; choose one.',
    };
  }
  return null;
}

/** Whether a staff member may act on a cinema: owners on all of their site's, others on theirs. */
export function coversCinema(
  staff: { role: StaffRole; cinemaIds: readonly string[] },
  cinemaId: string,
): boolean {
  return staff.role === 'owner' || staff.cinemaIds.includes(cinemaId);
}

/** Lower-case letters, digits, dot, dash, underscore; 2 to 32 characters, starting alphanumeric. */
export const STAFF_USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{1,31}$/;

/**
 * A staff password: 8 to 64 characters with at least one letter and one digit. Staff passwords
 * guard money and refunds; the lockout slows guessing online, length slows it offline.
 */
export function staffPasswordProblem(password: string): { hint: string; hintEn: string } | null {
  if (password.length < 8 || password.length > 64) {
    return { hint: '密码长度须为 8–64 位', hintEn: 'The password must be 8 to 64 characters.' };
  }
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) {
    return {
      hint: '密码须同时包含字母和数字',
      hintEn: 'The password must contain both letters and digits.',
    };
  }
  return null;
}

/**
 * Staff sign-in is counted per account and address (decision 039). Wrong passwords in a row from
 * one address that refuse that address for this account, and for how long the first time; each
 * later wrong try from there doubles it, up to a day. Other addresses are not refused.
 */
export const STAFF_MAX_FAILED_LOGINS = 5;
export const STAFF_LOCK_MINUTES = 15;
export const STAFF_MAX_LOCK_HOURS = 24;
/**
 * Wrong passwords in a row from unfamiliar addresses, all together, that pause sign-in to the
 * account from unfamiliar addresses (doubling as above); familiar ones still get in.
 */
export const STAFF_MAX_UNFAMILIAR_FAILED_LOGINS = 20;
/** An address the account signed in from stays familiar for this long. */
export const STAFF_FAMILIAR_ADDRESS_DAYS = 90;
/** A staff session lasts one long shift; signing in again is cheap. */
export const STAFF_SESSION_HOURS = 12;
