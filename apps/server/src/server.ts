import fs from 'node:fs';
import { buildApp } from './app.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { loadDemoDataOnce, topUpDemoShowsAtStart } from './db/demo-data.js';
import { migrateToLatest } from './db/migrate.js';
import { readEnv } from './env.js';
import { startPeriodic } from './lib/periodic.js';
import { createReadiness } from './lib/readiness.js';
import { createKeyring, type SecretsKeyring } from './lib/secrets.js';
import { shutDown } from './lib/shutdown.js';
import { resealAllSiteSecrets } from './modules/site/index.js';

async function main() {
  const env = readEnv();
  const secretsKeyring = createKeyring(env.SECRETS_KEY, env.SECRETS_PREVIOUS_KEYS);
  const readiness = createReadiness();
  if (!env.DATABASE_URL) fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, listenUrl: env.DATABASE_LISTEN_URL }
      : { kind: 'pglite', dataDir: env.DATA_DIR },
  );
  await migrate(env.DATABASE_LISTEN_URL, database, secretsKeyring);
  // Secrets written with SQL since the last start are encrypted now (README "Switching a site").
  await database.db
    .transaction()
    .execute((trx) => resealAllSiteSecrets(trx, secretsKeyring, { plaintextOnly: true }));
  const seeded = env.DEMO_DATA ? await loadDemoDataOnce(database.db) : false;
  // A database from an earlier day still gets a full week of demo shows ahead.
  if (env.DEMO_DATA) await topUpDemoShowsAtStart(database.db, new Date());

  const app = await buildApp({
    database,
    isProduction: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST,
    consoleDist: env.CONSOLE_DIST,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    phoneCodeResendSeconds: env.PHONE_CODE_RESEND_SECONDS,
    trustProxy: env.TRUST_PROXY?.split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    wechat: { apiBase: env.WECHAT_API_BASE, payBase: env.WECHAT_PAY_BASE },
    tencentCloud: { smsEndpoint: env.TENCENT_SMS_ENDPOINT },
    payPasswordPepper: env.PAY_PASSWORD_PEPPER,
    secretsKeyring,
    publicOrigin: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`,
    redisUrl: env.REDIS_URL,
    metricsToken: env.METRICS_TOKEN,
    readiness,
  });
  if (env.DEMO_DATA) {
    // A demo server left running keeps its week of shows ahead too.
    const topUp = startPeriodic(
      'demo show top-up',
      () => topUpDemoShowsAtStart(database.db, new Date()),
      60 * 60 * 1000,
      app.log,
    );
    app.addHook('onClose', topUp.stop);
  }

  let isClosing = false;
  const onSignal = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info(
      { signal, drainSeconds: env.SHUTDOWN_DRAIN_SECONDS },
      'shutting down: draining, then finishing requests in flight',
    );
    const finished = await shutDown({
      app,
      readiness,
      closeDatabase: () => database.close(),
      drainMs: env.SHUTDOWN_DRAIN_SECONDS * 1000,
    });
    if (!finished) app.log.error('shutdown timed out with requests still in flight');
    process.exit(finished ? 0 : 1);
  };
  process.on('SIGINT', () => void onSignal('SIGINT'));
  process.on('SIGTERM', () => void onSignal('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  readiness.markReady();
  app.log.info(
    { database: database.kind, demoDataLoaded: seeded },
    `Marquee is up: http://localhost:${env.PORT}/`,
  );
}

/**
 * Migrations on a direct session when DATABASE_LISTEN_URL gives one: the migrator takes a session
 * lock, runs its transaction and unlocks as three steps, which a transaction-mode pooler may send
 * to three different server connections (the lock would stay behind on one of them and the next
 * start would wait on it).
 */
async function migrate(
  directUrl: string | undefined,
  database: DatabaseHandle,
  secretsKeyring: SecretsKeyring,
) {
  if (!directUrl) return migrateToLatest(database.db, { secretsKeyring });
  const direct = await openDatabase({ kind: 'postgres', url: directUrl, poolSize: 1 });
  try {
    await migrateToLatest(direct.db, { secretsKeyring });
  } finally {
    await direct.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
