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
  return db.selectFrom('sites').select(['code', 'messenger_mode']).execute();
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
