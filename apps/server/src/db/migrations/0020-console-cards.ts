import { defineMigration } from '../define-migration.js';

/**
 * Cards in the console (docs/decisions/019): a card type says what it pays for (`pays_for`, the
 * word a card's `card_types` holds and payments match) and whether new top-up cards of it are on
 * sale. Top-up cards are issued in batches; a batch keeps its cards' passwords sealed (AES-GCM)
 * only until its CSV is downloaded, once. A voucher is voided or used, never both, and not used
 * after it expires (checked where it is claimed).
 */
export default defineMigration([
  `alter table card_types
    add column pays_for text not null default 'general'
      check (pays_for in ('film', 'goods', 'general')),
    add column is_on_sale boolean not null default true`,
  `update card_types set pays_for = code where code in ('film', 'goods', 'general')`,
  // New types say what they pay for; no silent 'general'.
  `alter table card_types alter column pays_for drop default`,
  `create table voucher_batches (
    id uuid primary key default gen_random_uuid(),
    site_id uuid not null references sites(id),
    batch_no int not null,
    card_type text not null,
    amount_fen int not null check (amount_fen > 0 and amount_fen <= 10000000),
    card_count int not null check (card_count between 1 and 1000),
    expires_at timestamptz not null,
    created_by uuid not null references staff(id),
    created_at timestamptz not null,
    sealed_secrets text,
    downloaded_at timestamptz,
    downloaded_by uuid references staff(id),
    unique (site_id, batch_no),
    foreign key (site_id, card_type) references card_types(site_id, code),
    check ((downloaded_at is null) = (downloaded_by is null)),
    check (downloaded_at is null or sealed_secrets is null)
  )`,
  `alter table top_up_vouchers
    add column batch_id uuid references voucher_batches(id),
    add column expires_at timestamptz,
    add column voided_at timestamptz,
    add column voided_by uuid references staff(id),
    add constraint top_up_vouchers_void_or_use check (voided_at is null or used_at is null),
    add constraint top_up_vouchers_voided_by check ((voided_at is null) = (voided_by is null))`,
  `create index top_up_vouchers_batch on top_up_vouchers (batch_id) where batch_id is not null`,
]);
