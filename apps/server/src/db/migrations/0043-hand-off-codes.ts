import { defineMigration } from '../define-migration.js';

/**
 * One-time hand-off codes (decision 038): a signed-in session mints one, a `?setToken=` link
 * carries it, and another browser exchanges it once, within two minutes, for a session of its own
 * that ends when the minting one does. Only the code's hash is kept.
 */
export default defineMigration([
  `create table hand_off_codes (
    id uuid primary key default gen_random_uuid(),
    site_id uuid not null references sites(id),
    user_id uuid not null references users(id),
    session_id uuid not null references sessions(id),
    code_hash text not null unique,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index hand_off_codes_session on hand_off_codes (session_id)`,
]);
