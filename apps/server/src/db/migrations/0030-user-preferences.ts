import { defineMigration } from '../define-migration.js';

/**
 * A moviegoer's display preferences (decision 028), kept with the user so they follow the person
 * to another device: care mode (关怀模式), off until switched on in 我的. A column per
 * preference, each with its type and default, rather than a JSON bag the database cannot check.
 */
export default defineMigration([
  `alter table users add column is_care_mode boolean not null default false`,
]);
