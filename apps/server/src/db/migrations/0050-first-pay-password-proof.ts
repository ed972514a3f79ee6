import { defineMigration } from '../define-migration.js';

/**
 * A first pay password on an account holding card money needs a second proof (decision 046): a
 * `firstPayPassword` code texted to the bound phone, or a session made by a WeChat authorisation
 * (the OAuth code exchange) a few minutes ago. Sessions now say how they were made; those made
 * before this migration count as hand-offs (never fresh authorisations).
 */
export default defineMigration([
  `alter table sessions add column signed_in_by text not null default 'handOff'
    check (signed_in_by in ('wechatCode', 'handOff'))`,
  `alter table phone_codes drop constraint phone_codes_purpose_check`,
  `alter table phone_codes add constraint phone_codes_purpose_check
    check (purpose in ('payPasswordReset', 'bindPhone', 'changePhone', 'firstPayPassword'))`,
]);
