import { defineMigration } from '../define-migration.js';

/**
 * The cinema's side: staff accounts per site with their roles and cinemas, staff
 * sessions, the failed-login lockout counters, and the append-only audit log of staff changes.
 * Numbered 0010: 0009 belongs to a payment change made in parallel.
 */
export default defineMigration([
  // Lets staff_cinemas tie a cinema to the staff member's own site with a foreign key.
  `alter table cinemas add constraint cinemas_site_id_id unique (site_id, id)`,
  `create table staff (
    id uuid primary key default gen_random_uuid(),
    site_id uuid not null references sites(id),
    username text not null check (username ~ '^[a-z0-9][a-z0-9._-]{1,31}$'),
    display_name text not null check (length(display_name) between 1 and 40),
    password_hash text not null,
    role text not null check (role in ('owner', 'manager', 'cashier')),
    is_active boolean not null default true,
    failed_logins int not null default 0 check (failed_logins >= 0),
    locked_until timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (site_id, username),
    unique (site_id, id)
  )`,
  `create table staff_cinemas (
    site_id uuid not null,
    staff_id uuid not null,
    cinema_id uuid not null,
    primary key (staff_id, cinema_id),
    foreign key (site_id, staff_id) references staff(site_id, id),
    foreign key (site_id, cinema_id) references cinemas(site_id, id)
  )`,
  `create index staff_cinemas_cinema on staff_cinemas (cinema_id)`,
  `create table staff_sessions (
    id uuid primary key default gen_random_uuid(),
    site_id uuid not null,
    staff_id uuid not null,
    token_hash text not null unique,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    revoked_at timestamptz,
    foreign key (site_id, staff_id) references staff(site_id, id),
    check (expires_at > created_at)
  )`,
  `create index staff_sessions_staff on staff_sessions (staff_id) where revoked_at is null`,
  `create table audit_log (
    id bigint generated always as identity primary key,
    site_id uuid not null references sites(id),
    staff_id uuid references staff(id),
    actor text not null,
    at timestamptz not null,
    action text not null check (action ~ '^[a-z][a-zA-Z]*\\.[a-zA-Z]+$'),
    entity text not null,
    entity_id text,
    before jsonb,
    after jsonb
  )`,
  `create index audit_log_site_at on audit_log (site_id, at desc, id desc)`,
  `create index audit_log_staff on audit_log (staff_id, at desc)`,
  `create function refuse_audit_change() returns trigger language plpgsql as $$
  begin
    raise exception 'audit_log is append-only: % refused', tg_op
      using errcode = 'restrict_violation';
  end $$`,
  `create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function refuse_audit_change()`,
  `create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function refuse_audit_change()`,
]);
