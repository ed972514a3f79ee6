import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { snapshotFileName } from './schema-snapshot.js';

/**
 * schema.ts (the Kysely types every query is checked against) against schema-snapshot.txt (what a
 * freshly migrated database holds; schema.integration.test.ts keeps it true): the same tables, the
 * same columns, the same nullability, and a TypeScript type that can hold what the driver reads.
 */

type Kind = 'string' | 'number' | 'boolean' | 'Date' | 'array' | 'bytes' | 'json' | 'other';

interface Column {
  nullable: boolean;
  kind: Kind;
  sqlType: string;
}

/** What node-postgres and PGlite hand back for a column of this SQL type (int8 as a number). */
function kindOfSqlType(sqlType: string): Kind {
  if (sqlType.endsWith('[]')) return 'array';
  if (/^(text|uuid|character|citext|inet|numeric)/.test(sqlType)) return 'string';
  if (/^(integer|smallint|bigint|double precision|real)$/.test(sqlType)) return 'number';
  if (sqlType === 'boolean') return 'boolean';
  if (/^(timestamp|date)/.test(sqlType)) return 'Date';
  if (sqlType === 'bytea') return 'bytes';
  if (/^jsonb?$/.test(sqlType)) return 'json';
  return 'other';
}

function snapshotTables(): Map<string, Map<string, Column>> {
  const text = fs.readFileSync(path.join(import.meta.dirname, snapshotFileName), 'utf8');
  const tables = new Map<string, Map<string, Column>>();
  let columns: Map<string, Column> | undefined;
  for (const line of text.split('\n')) {
    const table = /^table (\w+)$/.exec(line);
    if (table) tables.set(table[1]!, (columns = new Map()));
    const column = /^ {2}(\w+) (.+?)( not null)?( default .*| generated .*)?$/.exec(line);
    if (!table && column && columns && !/^(constraint|index)$/.test(column[1]!)) {
      const sqlType = column[2]!;
      columns.set(column[1]!, { nullable: !column[3], kind: kindOfSqlType(sqlType), sqlType });
    }
  }
  return tables;
}

function kindOfType(checker: ts.TypeChecker, type: ts.Type): Kind {
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return 'json';
  if (type.flags & ts.TypeFlags.StringLike) return 'string';
  if (type.flags & ts.TypeFlags.NumberLike) return 'number';
  if (type.flags & ts.TypeFlags.BooleanLike) return 'boolean';
  const name = (type.aliasSymbol ?? type.getSymbol())?.getName();
  if (name === 'Date') return 'Date';
  if (name === 'Array' || name === 'ReadonlyArray' || checker.isTupleType(type)) return 'array';
  if (name === 'Buffer' || name === 'Uint8Array') return 'bytes';
  return 'other';
}

/** schema.ts's `Database`: each table's columns by the type a select gives. */
function schemaTsTables(): Map<string, Map<string, { nullable: boolean; kinds: Kind[] }>> {
  const file = path.join(import.meta.dirname, 'schema.ts');
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  const database = checker.getExportsOfModule(moduleSymbol).find((s) => s.name === 'Database')!;
  const tables = new Map<string, Map<string, { nullable: boolean; kinds: Kind[] }>>();
  for (const table of checker.getDeclaredTypeOfSymbol(database).getProperties()) {
    const columns = new Map<string, { nullable: boolean; kinds: Kind[] }>();
    const tableType = checker.getTypeOfSymbol(table);
    for (const column of tableType.getProperties()) {
      const columnType = checker.getTypeOfSymbol(column);
      const select = columnType.getProperty('__select__');
      const selected = select ? checker.getTypeOfSymbol(select) : columnType;
      const parts = selected.isUnion() ? selected.types : [selected];
      const nonNull = parts.filter((part) => !(part.flags & ts.TypeFlags.Null));
      columns.set(column.name, {
        nullable: nonNull.length < parts.length,
        kinds: [...new Set(nonNull.map((part) => kindOfType(checker, part)))],
      });
    }
    tables.set(table.name, columns);
  }
  return tables;
}

describe('schema.ts', () => {
  it(`has the tables and columns of ${snapshotFileName}, nullable where they are`, () => {
    const database = snapshotTables();
    const declared = schemaTsTables();
    const differences: string[] = [];
    for (const table of new Set([...database.keys(), ...declared.keys()])) {
      const inDatabase = database.get(table);
      const inSchemaTs = declared.get(table);
      if (!inDatabase || !inSchemaTs) {
        differences.push(`${table}: ${inDatabase ? 'missing from schema.ts' : 'no such table'}`);
        continue;
      }
      for (const name of new Set([...inDatabase.keys(), ...inSchemaTs.keys()])) {
        const column = inDatabase.get(name);
        const typed = inSchemaTs.get(name);
        if (!column || !typed) {
          differences.push(
            `${table}.${name}: ${column ? 'missing from schema.ts' : 'no such column'}`,
          );
        } else if (column.nullable !== typed.nullable && !typed.kinds.includes('json')) {
          // (`unknown` for a JSON column holds null too.)
          differences.push(
            `${table}.${name}: ${column.sqlType} ${column.nullable ? 'nullable' : 'not null'}, schema.ts ${typed.nullable ? 'nullable' : 'not null'}`,
          );
        } else if (
          column.kind !== 'json' &&
          !typed.kinds.includes('json') &&
          typed.kinds.some((kind) => kind !== column.kind)
        ) {
          differences.push(
            `${table}.${name}: ${column.sqlType} reads as ${column.kind}, schema.ts ${typed.kinds.join(' | ')}`,
          );
        }
      }
    }
    expect(differences).toEqual([]);
  }, 60_000);
});
