import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { loadDemoDataOnce } from '../db/demo-data.js';
import { migrateToLatest } from '../db/migrate.js';
import {
  describeOnEachDatabase,
  openTestDatabase,
  testDatabaseUrl,
  withSchemaLock,
} from '../test-support/test-database.js';

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), 'staff-create.ts');

/** Run `npm run staff:create` as a person would: arguments, and the password on stdin. */
function runCli(args: string[], stdin: string, env: Record<string, string>) {
  // Only the database this test names: never one from the surrounding shell.
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
      env: { ...inherited, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.on('exit', (code) => resolve({ code, output }));
    child.stdin.end(stdin);
  });
}

describeOnEachDatabase('npm run staff:create', (kind) => {
  let env: Record<string, string>;
  // The CLI migrates on start: on the shared server, not while another file drops its schema.
  const cli = (args: string[], stdin: string) =>
    kind === 'postgres' ? withSchemaLock(() => runCli(args, stdin, env)) : runCli(args, stdin, env);
  let dataDir: string | undefined;
  let database: DatabaseHandle | undefined;
  const open = async () =>
    kind === 'pglite' ? openDatabase({ kind: 'pglite', dataDir }) : database!;

  beforeAll(async () => {
    if (kind === 'pglite') {
      // The CLI opens the embedded database from its directory: one with the demo site in it.
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-cli-'));
      const seeded = await openDatabase({ kind: 'pglite', dataDir });
      await migrateToLatest(seeded.db);
      await loadDemoDataOnce(seeded.db);
      await seeded.close();
      env = { DATA_DIR: dataDir };
    } else {
      database = await openTestDatabase('postgres');
      await loadDemoDataOnce(database.db);
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
        database.db,
      );
      const url = new URL(testDatabaseUrl);
      url.searchParams.set('options', `-c search_path=${rows[0]!.schema}`);
      env = { DATABASE_URL: url.toString() };
    }
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates an owner with the password from stdin, audited as cli, who can then be checked', async () => {
    const run = await cli(
      ['--site', 'www-test', '--username', 'boss', '--role', 'owner', '--name', '老板'],
      'boss-password-1\n',
    );
    expect(run.output).toContain('created owner "boss"');
    expect(run.code).toBe(0);
    const handle = await open();
    try {
      const row = await handle.db
        .selectFrom('staff')
        .select(['id', 'role', 'display_name', 'password_hash'])
        .where('username', '=', 'boss')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ role: 'owner', display_name: '老板' });
      expect(row.password_hash).toMatch(/^scrypt\$/);
      const audit = await handle.db
        .selectFrom('audit_log')
        .select(['actor', 'staff_id', 'action'])
        .where('entity_id', '=', row.id)
        .execute();
      expect(audit).toEqual([{ actor: 'cli', staff_id: null, action: 'staff.create' }]);
    } finally {
      if (kind === 'pglite') await handle.close();
    }
  }, 60_000);

  it('refuses a weak password, a cashier without a cinema, a taken name and an unknown site', async () => {
    const cases: [string[], string, RegExp][] = [
      [['--site', 'www-test', '--username', 'weak', '--role', 'owner'], 'short\n', /8 to 64/],
      [
        ['--site', 'www-test', '--username', 'till', '--role', 'cashier'],
        'cashier-pass-1\n',
        /exactly one/,
      ],
      [
        ['--site', 'www-test', '--username', 'owner', '--role', 'owner'],
        'owner-pass-12\n',
        /taken/,
      ],
      [['--site', 'nowhere', '--username', 'x1', '--role', 'owner'], 'owner-pass-12\n', /no site/],
    ];
    for (const [args, stdin, message] of cases) {
      const run = await cli(args, stdin);
      expect({ args, code: run.code }).toEqual({ args, code: 2 });
      expect(run.output).toMatch(message);
    }
    // Four processes, two of which open the database: slow on a busy two-core machine.
  }, 120_000);
});
