import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import {
  STAFF_USERNAME_PATTERN,
  staffCinemasProblem,
  staffPasswordProblem,
  staffRoles,
  type StaffRole,
} from '@marquee/contracts/console';
import { openDatabase } from '../db/client.js';
import { migrateToLatest } from '../db/migrate.js';
import { readEnv } from '../env.js';
import { systemClock } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { createStaff, findSiteIdByCode } from '../modules/staff/index.js';

/**
 * Create a staff account from the command line: how a site gets its first owner.
 *
 *   npm run staff:create -- --site www-test --username boss --role owner
 *   echo 'a-long-secret-1' | npm run staff:create -- --site www-test --username li --role cashier --cinema <id>
 *
 * The password is read from stdin (one line) or asked for, unechoed, when stdin is a terminal; it
 * never goes on the command line, where shell history and `ps` would keep it.
 */
const usage = `usage: npm run staff:create -- --site <code> --username <name> --role owner|manager|cashier
  [--name <display name>] [--cinema <cinema id>]...   (password from stdin, or asked)`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    site: { type: 'string' },
    username: { type: 'string' },
    role: { type: 'string' },
    name: { type: 'string' },
    cinema: { type: 'string', multiple: true, default: [] },
  },
});

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let input = '';
    for await (const chunk of process.stdin) input += String(chunk);
    return input.split(/\r?\n/)[0] ?? '';
  }
  const ask = (prompt: string) =>
    new Promise<string>((resolve) => {
      const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
      // Echo nothing of what is typed after the prompt.
      const output = rl as unknown as { _writeToOutput: (text: string) => void };
      output._writeToOutput = (text: string) => {
        if (text.startsWith(prompt)) process.stdout.write(prompt);
      };
      rl.question(prompt, (answer) => {
        rl.close();
        process.stdout.write('\n');
        resolve(answer);
      });
    });
  const first = await ask('Password: ');
  if ((await ask('Repeat it: ')) !== first) fail('the two passwords differ');
  return first;
}

async function main() {
  const siteCode = values.site?.trim() || fail('--site is required');
  const username = values.username?.trim().toLowerCase() || fail('--username is required');
  if (!STAFF_USERNAME_PATTERN.test(username)) {
    fail('--username: lower-case letters, digits, . _ -; 2 to 32 characters');
  }
  const role = values.role as StaffRole;
  if (!staffRoles.includes(role)) fail('--role must be owner, manager or cashier');
  const cinemaIds = values.cinema;
  const cinemaProblem = staffCinemasProblem(role, cinemaIds);
  if (cinemaProblem) fail(`--cinema: ${cinemaProblem.hintEn}`);
  const password = await readPassword();
  const passwordProblem = staffPasswordProblem(password);
  if (passwordProblem) fail(`password: ${passwordProblem.hintEn}`);

  const env = readEnv();
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: env.DATA_DIR },
  );
  try {
    await migrateToLatest(database.db);
    const site = await findSiteIdByCode(database.db, siteCode);
    if (!site) fail(`no site "${siteCode}"`);
    const staff = await createStaff({ db: database.db, clock: systemClock }, site, 'cli', {
      username,
      displayName: values.name?.trim() || username,
      role,
      cinemaIds,
      password,
    });
    console.log(
      `site ${siteCode}: created ${staff.role} "${staff.username}" (${staff.id}). Sign in at /console.`,
    );
  } catch (error) {
    if (error instanceof AppError) fail(error.message);
    throw error;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
