import { sql, type Kysely } from 'kysely';

/**
 * What a migrated database holds, read from its catalogue, for the schema check
 * (schema.integration.test.ts) and `npm run db:schema`. Names are shown without the schema they
 * live in (tests migrate into a schema of their own).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reads the catalogue of any schema
type AnyDb = Kysely<any>;

/** A column as the catalogue gives it (`identity`, `generated`: pg_attribute's codes). */
interface ColumnRow {
  name: string;
  type: string;
  notNull: boolean;
  fallback: string | null;
  identity: string;
  generated: string;
}

export const snapshotFileName = 'schema-snapshot.txt';

async function currentSchema(db: AnyDb): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]!.schema;
}

function unqualify(schema: string): (text: string) => string {
  return (text) => text.split(`${schema}.`).join('');
}

/** Every function (`name`) and trigger (`table.trigger`) of the schema as PostgreSQL prints it. */
export async function routineDefinitions(db: AnyDb): Promise<{
  functions: Record<string, string>;
  triggers: Record<string, { functionName: string; definition: string }>;
}> {
  const plain = unqualify(await currentSchema(db));
  const { rows: functions } = await sql<{ name: string; definition: string }>`
    select p.proname as name, pg_get_functiondef(p.oid) as definition
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = current_schema()
    order by p.proname, p.oid`.execute(db);
  const { rows: triggers } = await sql<{ name: string; functionName: string; definition: string }>`
    select c.relname || '.' || t.tgname as name, p.proname as "functionName",
           pg_get_triggerdef(t.oid) as definition
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace join pg_proc p on p.oid = t.tgfoid
    where n.nspname = current_schema() and not t.tgisinternal
    order by 1`.execute(db);
  return {
    functions: Object.fromEntries(functions.map((row) => [row.name, plain(row.definition)])),
    triggers: Object.fromEntries(
      triggers.map((row) => [
        row.name,
        { functionName: row.functionName, definition: plain(row.definition) },
      ]),
    ),
  };
}

/**
 * The tables as text, one line per column, constraint and index, sorted by name (the order in
 * which migrations added them does not count). Functions and triggers are db/sql's.
 */
export async function schemaSnapshot(db: AnyDb): Promise<string> {
  const plain = unqualify(await currentSchema(db));
  const { rows: columns } = await sql<ColumnRow & { table: string }>`
    select c.relname as table, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
           a.attnotnull as "notNull", pg_get_expr(d.adbin, d.adrelid) as fallback,
           a.attidentity as identity, a.attgenerated as generated
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = current_schema() and c.relkind in ('r', 'p') and a.attnum > 0
      and not a.attisdropped and c.relname not like 'kysely\\_%'`.execute(db);
  const { rows: parts } = await sql<{ table: string; line: string }>`
    select c.relname as table,
           'constraint ' || k.conname || ' ' || pg_get_constraintdef(k.oid) as line
    from pg_constraint k join pg_class c on c.oid = k.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relname not like 'kysely\\_%'
      -- PostgreSQL 18 (PGlite) lists NOT NULL as constraints too; the column lines say it on every version.
      and k.contype <> 'n'
    union all
    select c.relname, 'index ' || pg_get_indexdef(i.indexrelid)
    from pg_index i join pg_class c on c.oid = i.indrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relname not like 'kysely\\_%'`.execute(db);
  const { rows: others } = await sql<{ line: string }>`
    select case c.relkind when 'v' then 'view ' when 'm' then 'materialized view ' else 'sequence ' end
           || c.relname as line
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('v', 'm', 'S')
      and c.relname not like 'kysely\\_%'
    union all
    select 'type ' || t.typname || ' ' || t.typtype::text
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = current_schema() and t.typtype in ('e', 'd', 'c')
      and not exists (select 1 from pg_class c where c.reltype = t.oid)`.execute(db);

  const byName = (a: string, b: string) => a.localeCompare(b, 'en');
  const tables = new Map<string, { columns: string[]; parts: string[] }>();
  const tableOf = (name: string) => {
    const table = tables.get(name) ?? { columns: [], parts: [] };
    tables.set(name, table);
    return table;
  };
  for (const column of columns) tableOf(column.table).columns.push(`  ${columnLine(column)}`);
  for (const part of parts) tableOf(part.table).parts.push(`  ${plain(part.line)}`);
  const blocks = [...tables]
    .sort(([a], [b]) => byName(a, b))
    .map(([name, table]) =>
      [`table ${name}`, ...table.columns.sort(byName), ...table.parts.sort(byName)].join('\n'),
    );
  const otherLines = others.map((row) => row.line).sort(byName);
  return [
    '# Generated by `npm run db:schema` from a freshly migrated database; the schema check',
    '# (db/schema.integration.test.ts) compares a fresh migration with it. Do not edit by hand.',
    '',
    ...blocks.flatMap((block) => [block, '']),
    ...otherLines,
  ]
    .join('\n')
    .trimEnd()
    .concat('\n');
}

function columnLine(column: ColumnRow): string {
  const words = [column.name, column.type];
  if (column.notNull) words.push('not null');
  if (column.identity === 'a') words.push('generated always as identity');
  if (column.identity === 'd') words.push('generated by default as identity');
  if (column.fallback !== null && column.generated) {
    words.push(`generated always as (${column.fallback}) stored`);
  } else if (column.fallback !== null) {
    words.push(`default ${column.fallback}`);
  }
  return words.join(' ');
}
