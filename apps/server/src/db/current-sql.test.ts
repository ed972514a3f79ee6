import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSqlSources, splitStatements, sqlVersion } from './current-sql.js';

const migrationsDir = path.join(import.meta.dirname, 'migrations');

/** `currentSql('<name>', '<version>')` calls of every migration, as `<name> <version>`. */
function loadedVersions(): Set<string> {
  const loads = new Set<string>();
  for (const file of fs.readdirSync(migrationsDir)) {
    const text = fs.readFileSync(path.join(migrationsDir, file), 'utf8');
    for (const match of text.matchAll(/currentSql\(\s*'(\w+)',\s*'(\w+)'\s*\)/g)) {
      loads.add(`${match[1]} ${match[2]}`);
    }
  }
  return loads;
}

describe('db/sql', () => {
  it('has each file at a version some migration loads', () => {
    const loads = loadedVersions();
    const unloaded = [...readSqlSources()]
      .map(([name, text]) => `${name} ${sqlVersion(text)}`)
      .filter((load) => !loads.has(load))
      .map((load) => {
        const [name, version] = load.split(' ');
        return `db/sql/${name}.sql changed: a new migration loads it with ...currentSql('${name}', '${version}')`;
      });
    expect(unloaded).toEqual([]);
  });

  it('has a file for every source a migration loads', () => {
    const names = [...loadedVersions()].map((load) => load.split(' ')[0]!);
    const sources = readSqlSources();
    const missing = names.filter((name) => !sources.has(name));
    expect(missing).toEqual([]);
  });
});

describe('splitStatements', () => {
  it('splits at semicolons outside quotes, dollar quotes and comments', () => {
    const script = [
      '-- a function',
      "create function f() returns text language plpgsql as $fn$ begin return 'a;b'; end $fn$;",
      '/* ; */ create trigger t after insert on x for each row execute function f();',
      "select 'it''s; fine', \"odd;name\" from y -- ; here",
      ';',
    ].join('\n');
    expect(splitStatements(script)).toEqual([
      "create function f() returns text language plpgsql as $fn$ begin return 'a;b'; end $fn$",
      '/* ; */ create trigger t after insert on x for each row execute function f()',
      "select 'it''s; fine', \"odd;name\" from y -- ; here",
    ]);
  });

  it('refuses an unclosed dollar quote', () => {
    expect(() => splitStatements('create function f() as $$ begin')).toThrow(/Unclosed \$\$/);
  });
});

describe('sqlVersion', () => {
  it('changes with a statement and not with a comment between statements', () => {
    const base = 'select 1;\nselect 2;';
    expect(sqlVersion(`-- why\n${base}`)).toBe(sqlVersion(base));
    expect(sqlVersion('select 1;\nselect 3;')).not.toBe(sqlVersion(base));
  });
});
