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

/** Every site's secret columns (encrypted values), locked for rewriting them. */
export function lockAllSecrets(trx: Executor) {
  return trx
    .selectFrom('sites')
    .select(['id', 'code', 'wechat_app_secret', 'wechat_pay_private_key', 'wechat_pay_api_v3_key'])
    .orderBy('id')
    .forUpdate()
    .execute();
}

export function listSecrets(db: Executor) {
  return db
    .selectFrom('sites')
    .select(['id', 'code', 'wechat_app_secret', 'wechat_pay_private_key', 'wechat_pay_api_v3_key'])
    .execute();
}

export function updateSecrets(
  trx: Executor,
  siteId: string,
  values: Partial<
    Record<'wechat_app_secret' | 'wechat_pay_private_key' | 'wechat_pay_api_v3_key', string>
  >,
) {
  return trx.updateTable('sites').set(values).where('id', '=', siteId).execute();
}
