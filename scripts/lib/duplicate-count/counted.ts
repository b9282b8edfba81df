import ts from 'typescript';
import type { KeptPair } from './kept-pairs.ts';

/**
 * What decision 0132 counts of the duplicate finder's output: the hand-written code's pairs, outside
 * tests, seed data, lock files and what a tool writes (drizzle-kit's migrations, the generated client),
 * and outside what the finder marks boilerplate or means to pass over.
 */
const leftOut = [
  /\.test\.tsx?$/,
  /(^|\/)testing\//,
  /^e2e\//,
  /^packages\/db\/src\/seed/,
  /(^|\/)demo-group\//,
  /(^|\/)fixtures(\/|$)/,
  /(^|\/)package-lock\.json$/,
  /^packages\/db\/migrations\//,
  /^packages\/integration-client\/src\/generated\//,
];

/** Whether a file git tracks is read for the count. */
export const counted = (path: string) => !leftOut.some((rule) => rule.test(path));

/**
 * The lines (from 1) of a TypeScript file that stand in an import or a re-export (`export … from`): the
 * finder passes over import lines, but not the names of a list that prettier wraps over several lines.
 */
export function moduleListLines(source: string, fileName: string): Set<number> {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest);
  const lines = new Set<number>();
  const lineOf = (position: number) => file.getLineAndCharacterOfPosition(position).line + 1;
  for (const statement of file.statements) {
    const list =
      ts.isImportDeclaration(statement) ||
      (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined);
    if (!list) continue;
    for (let line = lineOf(statement.getStart(file)); line <= lineOf(statement.getEnd()); line++)
      lines.add(line);
  }
  return lines;
}

const side = /^(\S+\.(?:ts|tsx|mts|cts)):(\d+)-(\d+)$/;
const blankOrComment = /^\s*(\/\/.*|\/\*.*|\*.*)?$/;

/** Whether every line of a side (`a.ts:4-9`) is an import's or a re-export's, or blank, or a comment. */
function onlyModuleLists(place: string, read: (path: string) => string): boolean {
  const match = side.exec(place);
  if (!match) return false;
  const [, path, from, to] = match as unknown as [string, string, string, string];
  const source = read(path);
  const listed = moduleListLines(source, path);
  const text = source.split('\n');
  for (let line = Number(from); line <= Number(to); line++)
    if (!listed.has(line) && !blankOrComment.test(text[line - 1] ?? '')) return false;
  return true;
}

/**
 * The finder's rows of pairs (`D12 a.ts:1-9 ~ b.ts:4-12 …`) but those it marks boilerplate, apart:
 * `moduleLists`, those whose two sides are only import and re-export lists, and `counted`, the rest;
 * `read` gives a file's text by its path.
 */
export function countRows(output: string, read: (path: string) => string) {
  const rows = output.split('\n').filter((line) => /^D\d+ /.test(line) && !line.includes('boilerplate'));
  const isModuleList = (row: string) => {
    const [, left, tilde, right] = row.split(' ');
    return tilde === '~' && !!left && !!right && onlyModuleLists(left, read) && onlyModuleLists(right, read);
  };
  return { counted: rows.filter((row) => !isModuleList(row)), moduleLists: rows.filter(isModuleList) };
}

/** The two files of a row (`D12 a.ts:1-9 ~ b.ts:4-12 …`), or none when the row is not a pair's. */
function filesOf(row: string): [string, string] | undefined {
  const [, left, tilde, right] = row.split(' ');
  if (tilde !== '~' || !left || !right) return undefined;
  const path = (place: string) => place.replace(/:\d+-\d+$/, '');
  return [path(left), path(right)];
}

const samePair = (files: [string, string], pair: KeptPair) =>
  (files[0] === pair.left && files[1] === pair.right) || (files[0] === pair.right && files[1] === pair.left);

/**
 * The counted rows against the list of pairs kept: `kept`, each row with the entry that names its two
 * files; `unlisted`, the rows no entry names (to merge, or to list with a reason); `notFound`, the entries
 * no row matched (merged since, or hidden by the finder's limit on a run's places).
 */
export function matchKept(rows: readonly string[], list: readonly KeptPair[]) {
  const kept: { row: string; pair: KeptPair }[] = [];
  const unlisted: string[] = [];
  const matched = new Set<KeptPair>();
  for (const row of rows) {
    const files = filesOf(row);
    const pair = files && list.find((entry) => samePair(files, entry));
    if (pair) {
      kept.push({ row, pair });
      matched.add(pair);
    } else unlisted.push(row);
  }
  return { kept, unlisted, notFound: list.filter((pair) => !matched.has(pair)) };
}
