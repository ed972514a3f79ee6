import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import m0001 from './migrations/0001-foundation.js';
import m0002 from './migrations/0002-orders.js';
import m0003 from './migrations/0003-cinema.js';
import m0004 from './migrations/0004-cards-ledger.js';
import m0005 from './migrations/0005-payments.js';
import m0006 from './migrations/0006-wechat.js';
import m0007 from './migrations/0007-store.js';
import m0008 from './migrations/0008-rate-limits.js';
import m0009 from './migrations/0009-payment-attempts.js';
import m0010 from './migrations/0010-staff.js';
import m0011 from './migrations/0011-public-origin.js';
import m0012 from './migrations/0012-encrypt-site-secrets.js';
import m0013 from './migrations/0013-seat-holds-in-one-call.js';
import m0014 from './migrations/0014-check-in.js';
import m0015 from './migrations/0015-schedule.js';
import m0016 from './migrations/0016-show-seat-blocks.js';
import m0017 from './migrations/0017-goods-console.js';
import m0018 from './migrations/0018-notification-source.js';
import m0019 from './migrations/0019-hall-layouts.js';
import m0020 from './migrations/0020-console-cards.js';
import m0021 from './migrations/0021-holds-end-at-the-show.js';
import m0022 from './migrations/0022-refund-notices.js';
import m0025 from './migrations/0025-phone-codes.js';
import m0026 from './migrations/0026-coupons.js';
import m0027 from './migrations/0027-ticket-exchange.js';
import m0028 from './migrations/0028-notices.js';
import m0029 from './migrations/0029-english-names.js';
import m0030 from './migrations/0030-user-preferences.js';
import m0031 from './migrations/0031-snacks-in-film-orders.js';
import m0032 from './migrations/0032-coupon-campaign-state.js';
import m0033 from './migrations/0033-exchange-difference.js';
import m0034 from './migrations/0034-sms-provider.js';
import m0035 from './migrations/0035-holds-announce-after-commit.js';
import m0036 from './migrations/0036-cheaper-seat-holds.js';
import m0037 from './migrations/0037-holds-write-their-seat-changes.js';
import m0038 from './migrations/0038-seat-holds-in-batches.js';
import m0039 from './migrations/0039-leaner-seat-holds.js';
import m0040 from './migrations/0040-lost-holds-write-nothing.js';
import m0041 from './migrations/0041-seat-holds-written-together.js';
import m0042 from './migrations/0042-phone-as-second-factor.js';
import m0043 from './migrations/0043-hand-off-codes.js';
import m0044 from './migrations/0044-payment-parts-match-the-price.js';
import m0045 from './migrations/0045-staff-sign-in-addresses.js';
import m0046 from './migrations/0046-order-channel.js';
import m0047 from './migrations/0047-wechat-platform-keys.js';
import m0048 from './migrations/0048-box-office.js';
import m0049 from './migrations/0049-wechat-pay-v2-key.js';
import m0050 from './migrations/0050-first-pay-password-proof.js';
import m0051 from './migrations/0051-current-sql-as-source.js';
import m0054 from './migrations/0054-stock-per-cinema.js';
import m0059 from './migrations/0059-show-changes-and-notices.js';
import { devKeyring, type SecretsKeyring } from '../lib/secrets.js';

/**
 * Every migration, in order. The same set runs on PGlite and on a PostgreSQL server. 0012 and 0047
 * encrypt secrets, so they need the key. Numbers were handed out to parallel work ahead of time, so a
 * database of an earlier release can meet a new migration numbered below its last one (0016 and
 * 0017 arrived after 0018 had shipped): the migrator runs such pending ones too
 * (`allowUnorderedMigrations`); none of them depends on a later number.
 */
const migrationsWith = (keyring: SecretsKeyring): Record<string, Migration> => ({
  '0001-foundation': m0001,
  '0002-orders': m0002,
  '0003-cinema': m0003,
  '0004-cards-ledger': m0004,
  '0005-payments': m0005,
  '0006-wechat': m0006,
  '0007-store': m0007,
  '0008-rate-limits': m0008,
  '0009-payment-attempts': m0009,
  '0010-staff': m0010,
  '0011-public-origin': m0011,
  '0012-encrypt-site-secrets': m0012(keyring),
  '0013-seat-holds-in-one-call': m0013,
  '0014-check-in': m0014,
  '0015-schedule': m0015,
  '0016-show-seat-blocks': m0016,
  '0017-goods-console': m0017,
  '0018-notification-source': m0018,
  '0019-hall-layouts': m0019,
  '0020-console-cards': m0020,
  '0021-holds-end-at-the-show': m0021,
  '0022-refund-notices': m0022,
  '0025-phone-codes': m0025,
  '0026-coupons': m0026,
  '0027-ticket-exchange': m0027,
  '0028-notices': m0028,
  '0029-english-names': m0029,
  '0030-user-preferences': m0030,
  '0031-snacks-in-film-orders': m0031,
  '0032-coupon-campaign-state': m0032,
  '0033-exchange-difference': m0033,
  '0034-sms-provider': m0034,
  '0035-holds-announce-after-commit': m0035,
  '0036-cheaper-seat-holds': m0036,
  '0037-holds-write-their-seat-changes': m0037,
  '0038-seat-holds-in-batches': m0038,
  '0039-leaner-seat-holds': m0039,
  '0040-lost-holds-write-nothing': m0040,
  '0041-seat-holds-written-together': m0041,
  '0042-phone-as-second-factor': m0042,
  '0043-hand-off-codes': m0043,
  '0044-payment-parts-match-the-price': m0044,
  '0045-staff-sign-in-addresses': m0045,
  '0046-order-channel': m0046,
  '0047-wechat-platform-keys': m0047(keyring),
  '0048-box-office': m0048,
  '0049-wechat-pay-v2-key': m0049,
  '0050-first-pay-password-proof': m0050,
  '0051-current-sql-as-source': m0051,
  '0054-stock-per-cinema': m0054,
  '0059-show-changes-and-notices': m0059,
});

export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
  db: Kysely<any>,
  /** `until`: stop after this migration (a test of a later one's data move starts there). */
  options: { secretsKeyring?: SecretsKeyring; until?: string } = {},
): Promise<void> {
  const migrations = migrationsWith(options.secretsKeyring ?? devKeyring());
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  // Kysely looks for its bookkeeping tables in every schema unless told which one; another schema's
  // `kysely_migration` (a second app, a test's schema on the same server) would make it skip
  // creating ours. Name the schema the connection works in.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrationTableSchema = rows[0]?.schema;
  const migrator = new Migrator({
    db,
    provider,
    migrationTableSchema,
    allowUnorderedMigrations: true,
  });
  const { error, results } = options.until
    ? await migrator.migrateTo(options.until)
    : await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
}
