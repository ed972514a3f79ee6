import { defineMigration } from '../define-migration.js';

/**
 * English names of data a chain sets up (decision 027): optional `name_en` on cinemas,
 * halls, price areas and goods categories, and `address_en` on cinemas. Null means none: the
 * moviegoer calls then answer the Chinese name. A price area's English name belongs to its layout
 * version like its Chinese name (decision 016). Languages, genres and countries are translated
 * from a fixed catalogue in contracts, not stored.
 */
export default defineMigration([
  `alter table cinemas
    add column name_en text check (char_length(name_en) between 1 and 80),
    add column address_en text check (char_length(address_en) between 1 and 200)`,
  `alter table halls add column name_en text check (char_length(name_en) between 1 and 40)`,
  `alter table price_areas add column name_en text check (char_length(name_en) between 1 and 30)`,
  `alter table goods_categories
    add column name_en text check (char_length(name_en) between 1 and 24)`,
]);
