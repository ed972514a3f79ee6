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
