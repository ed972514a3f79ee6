import { sql } from 'kysely';
import type { Executor } from '../../db/schema.js';

export function findByCode(db: Executor, code: string) {
  return db.selectFrom('sites').selectAll().where('code', '=', code).executeTakeFirst();
}

export function findById(db: Executor, id: string) {
  return db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByAppId(db: Executor, appId: string) {
  return db.selectFrom('sites').selectAll().where('wechat_app_id', '=', appId).executeTakeFirst();
}

export function listMessengerModes(db: Executor) {
  return db.selectFrom('sites').select(['code', 'messenger_mode', 'public_origin']).execute();
}

/**
 * Every site's rows (their secret columns encrypted), locked for rewriting them. Whole rows: migration
 * 0012 reads them before later secret columns (0034's `sms_secret_key`) exist.
 */
export function lockAllSecrets(trx: Executor) {
  return trx.selectFrom('sites').selectAll().orderBy('id').forUpdate().execute();
}

export function listSecrets(db: Executor) {
  return db.selectFrom('sites').selectAll().execute();
}

export function updateSecrets(
  trx: Executor,
  siteId: string,
  values: Partial<
    Record<
      'wechat_app_secret' | 'wechat_pay_private_key' | 'wechat_pay_api_v3_key' | 'sms_secret_key',
      string
    >
  >,
) {
  return trx.updateTable('sites').set(values).where('id', '=', siteId).execute();
}

export function findSettings(db: Executor, siteId: string, options = { lock: false }) {
  const query = db.selectFrom('sites').select('settings').where('id', '=', siteId);
  return (options.lock ? query.forUpdate() : query).executeTakeFirstOrThrow();
}

/** Merge keys into the site's JSON settings, keeping the others. */
export function mergeSettings(trx: Executor, siteId: string, values: Record<string, unknown>) {
  return trx
    .updateTable('sites')
    .set({ settings: sql`settings || ${JSON.stringify(values)}::jsonb` })
    .where('id', '=', siteId)
    .execute();
}

export function lockById(trx: Executor, id: string) {
  return trx
    .selectFrom('sites')
    .select(['id', 'code', 'messenger_mode', 'public_origin'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** A site's WeChat Pay platform keys (0047), newest first; the key itself still encrypted. */
export function listPlatformKeys(db: Executor, siteId: string, options: { withRetired: boolean }) {
  let query = db
    .selectFrom('site_wechat_platform_keys')
    .select(['serial', 'public_key_pem', 'valid_from', 'valid_until', 'retired_at', 'added_at'])
    .where('site_id', '=', siteId);
  if (!options.withRetired) query = query.where('retired_at', 'is', null);
  return query.orderBy('valid_from', 'desc').orderBy('added_at', 'desc').execute();
}

export function listAllPlatformKeysInUse(db: Executor) {
  return db
    .selectFrom('site_wechat_platform_keys as k')
    .innerJoin('sites as s', 's.id', 'k.site_id')
    .select(['k.site_id', 's.code as site_code', 'k.serial', 'k.public_key_pem'])
    .where('k.retired_at', 'is', null)
    .execute();
}

export function lockAllPlatformKeys(trx: Executor) {
  return trx
    .selectFrom('site_wechat_platform_keys')
    .select(['site_id', 'serial', 'public_key_pem'])
    .orderBy('site_id')
    .orderBy('serial')
    .forUpdate()
    .execute();
}

export function upsertPlatformKey(
  trx: Executor,
  siteId: string,
  key: { serial: string; public_key_pem: string; valid_from: Date; valid_until: Date | null },
) {
  return trx
    .insertInto('site_wechat_platform_keys')
    .values({ site_id: siteId, ...key })
    .onConflict((conflict) =>
      conflict.columns(['site_id', 'serial']).doUpdateSet({
        public_key_pem: key.public_key_pem,
        valid_from: key.valid_from,
        valid_until: key.valid_until,
        retired_at: null,
      }),
    )
    .execute();
}

export function retirePlatformKey(trx: Executor, siteId: string, serial: string, now: Date) {
  return trx
    .updateTable('site_wechat_platform_keys')
    .set({ retired_at: now })
    .where('site_id', '=', siteId)
    .where('serial', '=', serial)
    .execute();
}

export function updatePlatformKeyPem(
  trx: Executor,
  siteId: string,
  serial: string,
  publicKeyPem: string,
) {
  return trx
    .updateTable('site_wechat_platform_keys')
    .set({ public_key_pem: publicKeyPem })
    .where('site_id', '=', siteId)
    .where('serial', '=', serial)
    .execute();
}
