import { prepareDemoDatabase } from './server';

/** The e2e project's setup: the migrated demo database the files copy, made before they start. */
export default async function setup() {
  await prepareDemoDatabase();
}
