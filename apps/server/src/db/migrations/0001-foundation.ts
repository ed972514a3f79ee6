import { defineMigration } from '../define-migration.js';

export default defineMigration([
  `create table sites (
    id uuid primary key default gen_random_uuid(),
    code text not null unique check (code ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
    name text not null,
    messenger_mode text not null default 'sandbox' check (messenger_mode in ('sandbox', 'wechat')),
    wechat_app_id text not null unique,
    wechat_app_secret text,
    settings jsonb not null default '{}'::jsonb,
    created_at timestamptz not null default now(),
    check (messenger_mode = 'sandbox' or wechat_app_secret is not null)
  )`,
  `create table users (
    id uuid primary key default gen_random_uuid(),
    site_id uuid not null references sites(id),
    openid text not null,
    unionid text,
    nickname text not null,
    avatar_url text,
    phone text,
    pay_password_hash text,
    created_at timestamptz not null default now(),
    unique (site_id, openid)
  )`,
  `create table sessions (
    id uuid primary key default gen_random_uuid(),
    site_id uuid not null references sites(id),
    user_id uuid not null references users(id),
    token_hash text not null unique,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    revoked_at timestamptz
  )`,
  `create index sessions_user on sessions (user_id)`,
  `create table messenger_codes (
    code text primary key,
    site_id uuid not null references sites(id),
    openid text not null,
    nickname text not null,
    avatar_url text,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
  `create table card_types (
    site_id uuid not null references sites(id),
    code text not null,
    name text not null,
    sort_order int not null default 0,
    primary key (site_id, code)
  )`,
  `create table cards (
    id uuid primary key default gen_random_uuid(),
    site_id uuid not null references sites(id),
    user_id uuid not null references users(id),
    card_no text not null,
    name text not null,
    card_types text[] not null check (cardinality(card_types) > 0),
    balance_fen int not null default 0 check (balance_fen >= 0),
    created_at timestamptz not null default now(),
    unique (site_id, card_no)
  )`,
  `create index cards_user on cards (user_id)`,
]);
