import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The current source of each plpgsql function and trigger: `sql/<function>.sql` (the function,
 * then the triggers that run it). A migration that changes one loads its file (`currentSql`).
 *
 * `npm start` runs a bundle in dist/ that has no sql/ folder beside it: the server's build embeds
 * every file as `MARQUEE_SQL_SOURCES` (scripts/build-server.mjs). Under tsx and Vitest the files
 * are read from this folder.
 */
declare const MARQUEE_SQL_SOURCES: Record<string, string> | undefined;

export const sqlSourceDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sql');

function sourceText(name: string): string {
  if (typeof MARQUEE_SQL_SOURCES !== 'undefined') {
    const text = MARQUEE_SQL_SOURCES[name];
    if (text === undefined) throw new Error(`No db/sql/${name}.sql in this build`);
    return text;
  }
  return fs.readFileSync(path.join(sqlSourceDir, `${name}.sql`), 'utf8');
}

/** Every file of sql/ by function name, read from this folder (the checks; not in dist/). */
export function readSqlSources(): Map<string, string> {
  return new Map(
    fs
      .readdirSync(sqlSourceDir)
      .filter((file) => file.endsWith('.sql'))
      .map((file) => [
        file.slice(0, -'.sql'.length),
        fs.readFileSync(path.join(sqlSourceDir, file), 'utf8'),
      ]),
  );
}

/**
 * The statements of `sql/<name>.sql`, in order, for `defineMigration`. `version` is
 * `sqlVersion` of the text the migration was written with: the schema check wants a migration
 * naming the current version of every file, so a file edited without a migration that loads it
 * fails CI. A fresh database replays an older migration with the newer text (the later migration
 * loads it again); see db/README.md.
 */
export function currentSql(name: string, version: string): string[] {
  if (!/^[0-9a-f]{12}$/.test(version)) throw new Error(`currentSql(${name}): version ${version}`);
  return splitStatements(sourceText(name));
}

/** A short hash of a source's statements (comments between them do not count). */
export function sqlVersion(text: string): string {
  const statements = splitStatements(text).join('\n;\n');
  return createHash('sha256').update(statements).digest('hex').slice(0, 12);
}

/**
 * A script's statements: split at each `;` outside quotes ('…', "…", $tag$…$tag$) and comments.
 * Comments between statements are dropped; text inside a statement is kept as written.
 */
export function splitStatements(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const push = (end: number) => {
    const statement = stripLeadingComments(script.slice(start, end)).trim();
    if (statement) statements.push(statement);
  };
  while (i < script.length) {
    const rest = script.slice(i);
    const dollar = /^\$([A-Za-z_][A-Za-z_0-9]*)?\$/.exec(rest);
    if (rest.startsWith('--')) {
      const end = script.indexOf('\n', i);
      i = end === -1 ? script.length : end + 1;
    } else if (rest.startsWith('/*')) {
      i = closeAt(script, '*/', i + 2);
    } else if (script[i] === "'" || script[i] === '"') {
      i = closeAt(script, script[i]!, i + 1);
    } else if (dollar) {
      i = closeAt(script, dollar[0], i + dollar[0].length);
    } else if (script[i] === ';') {
      push(i);
      start = ++i;
    } else {
      i++;
    }
  }
  push(script.length);
  return statements;
}

/** The index just past the closing `token` (a doubled quote inside '…' closes and reopens). */
function closeAt(script: string, token: string, from: number): number {
  const end = script.indexOf(token, from);
  if (end === -1) throw new Error(`Unclosed ${token} in SQL source`);
  return end + token.length;
}

function stripLeadingComments(text: string): string {
  return text.replace(/^(\s*--[^\n]*(\n|$))+/, '');
}
