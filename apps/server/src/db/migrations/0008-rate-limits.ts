import { defineMigration } from '../define-migration.js';

/**
 * Rate-limit counters shared by every server instance: one row per (call, user or address), a
 * fixed window. Rows of past windows are deleted by the periodic sweep.
 */
export default defineMigration([
  `create table rate_limit_counters (
    bucket text not null,
    key text not null,
    window_start timestamptz not null,
    hits int not null check (hits > 0),
    primary key (bucket, key)
  )`,
  `create index rate_limit_counters_window on rate_limit_counters (window_start)`,
]);
