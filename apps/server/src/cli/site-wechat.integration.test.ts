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
import { TEST_WECHAT } from '../test-support/fake-wechat/test-credentials.js';
import {
  describeOnEachDatabase,
  openTestDatabase,
  testDatabaseUrl,
  withSchemaLock,
} from '../test-support/test-database.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const cliFile = path.join(here, 'site-wechat.ts');
const fixture = (name: string) => path.join(here, '../test-support/fake-wechat/fixtures', name);

/** Run `npm run site:wechat` as an operator would. */
function runCli(args: string[], env: Record<string, string>) {
  // Only the database this test names: never one from the surrounding shell.
  const { DATABASE_URL: _url, DATA_DIR: _dir, NODE_ENV: _mode, ...inherited } = process.env;
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cliFile, ...args], {
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describeOnEachDatabase('npm run site:wechat', (kind) => {
  let env: Record<string, string>;
  // The CLI migrates on start: on the shared server, not while another file drops its schema.
  const cli = (...args: string[]) =>
    kind === 'postgres' ? withSchemaLock(() => runCli(args, env)) : runCli(args, env);
  let dataDir: string | undefined;
  let database: DatabaseHandle | undefined;

  beforeAll(async () => {
    if (kind === 'pglite') {
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

  const switchArgs = [
    '--site',
    'www-test',
    '--app-id',
    'wxclitest0000001',
    '--app-secret',
    TEST_WECHAT.appSecret,
    '--mch-id',
    TEST_WECHAT.mchid,
    '--serial-no',
    TEST_WECHAT.merchantSerialNo,
    '--private-key',
    fixture('test-merchant-private-key.pem'),
    '--api-v3-key',
    TEST_WECHAT.apiV3Key,
    '--platform-serial',
    TEST_WECHAT.platformSerial,
    '--platform-public-key',
    fixture('test-platform-public-key.pem'),
  ];

  it('switches a site to WeChat, then adds, lists and retires platform keys', async () => {
    const switched = await cli(...switchArgs, '--public-origin', 'https://www-test.cinema.example');
    expect(switched.output).toContain(`platform key ${TEST_WECHAT.platformSerial}`);
    expect(switched.code).toBe(0);

    const added = await cli(
      '--site',
      'www-test',
      '--add-platform-key',
      fixture('test-platform-certificate.pem'),
      '--platform-serial',
      TEST_WECHAT.certificateSerial.toLowerCase(),
    );
    expect(added.output).toContain('valid 2020-01-01T00:00:00.000Z → 2040-01-01T00:00:00.000Z');
    expect(added.code).toBe(0);

    const retired = await cli(
      '--site',
      'www-test',
      '--retire-platform-key',
      TEST_WECHAT.platformSerial,
    );
    expect(retired.code).toBe(0);
    const listed = await cli('--site', 'www-test', '--list-platform-keys');
    expect(listed.code).toBe(0);
    const lines = listed.output.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.find((line) => line.startsWith(TEST_WECHAT.platformSerial))).toMatch(/retired /);
    expect(
      lines.find((line) => line.toUpperCase().startsWith(TEST_WECHAT.certificateSerial)),
    ).toMatch(/in use, sent on requests$/);
  }, 180_000);

  it('refuses keys that do not match their serial, and retiring the last key or an unknown one', async () => {
    const cases: [string[], RegExp][] = [
      [
        [
          '--add-platform-key',
          fixture('test-platform-certificate.pem'),
          '--platform-serial',
          'ABC',
        ],
        /the certificate's serial is 7132D72A/,
      ],
      [
        ['--add-platform-key', fixture('test-platform-public-key.pem'), '--platform-serial', 'ABC'],
        /serial is its id PUB_KEY_ID_/,
      ],
      [['--retire-platform-key', 'PUB_KEY_ID_NONE'], /no platform key PUB_KEY_ID_NONE in use/],
      [['--retire-platform-key', TEST_WECHAT.certificateSerial], /last platform key usable now/],
    ];
    for (const [args, message] of cases) {
      const run = await cli('--site', 'www-test', ...args);
      expect({ args, code: run.code }).toEqual({ args, code: 2 });
      expect(run.output).toMatch(message);
    }
  }, 180_000);

  it('refuses a public origin WeChat Pay cannot call back on a WeChat site, not on a sandbox one', async () => {
    for (const [origin, why] of [
      ['http://www-test.cinema.example', /is not https/],
      ['https://www-test.cinema.example:8443', /names a port/],
    ] as const) {
      const run = await cli('--site', 'www-test', '--public-origin', origin);
      expect({ origin, code: run.code }).toEqual({ origin, code: 2 });
      expect(run.output).toMatch(why);
      const switching = await cli(...switchArgs, '--public-origin', origin);
      expect({ origin, code: switching.code }).toEqual({ origin, code: 2 });
    }
    expect((await cli('--site', 'www-test', '--sandbox')).code).toBe(0);
    const local = await cli('--site', 'www-test', '--public-origin', 'http://localhost:8080');
    expect(local.output).toContain('public_origin=http://localhost:8080');
    expect(local.code).toBe(0);
  }, 180_000);
});
