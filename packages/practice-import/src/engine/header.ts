import type { Column } from '../kinds/kind.ts';

export interface HeaderProblem {
  column: string | null;
  reason: string;
}

/** A header cell is named in a refusal only when it looks like a column name (no spaces, no @ or digits first). */
export const looksLikeColumnName = /^[A-Za-z][A-Za-z0-9_]{0,40}$/;

/**
 * The header row against the kind's columns: order is free; an unknown column, a column given twice or a
 * missing required column refuses the whole file, each named. Returns the problems (none: a good header).
 * When most of the first row's cells are no column at all, the file has no header row and its first row
 * is data: then no cell of it is quoted, since it may be a person's name.
 */
export function headerProblems(
  header: readonly string[],
  kind: { file: string; columns: readonly Column[] },
): HeaderProblem[] {
  const known = new Set(kind.columns.map((c) => c.name));
  const names = header.map((cell) => cell.trim());
  const unknown = names.flatMap((name, index) => (known.has(name) ? [] : [{ name, index }]));
  const problems: HeaderProblem[] = [];
  if (unknown.length * 2 > names.length) {
    problems.push({
      column: null,
      reason: `no header row: ${unknown.length} of the first row's ${names.length} cells are not columns of ${kind.file}`,
    });
  } else {
    for (const { name, index } of unknown) {
      problems.push(
        looksLikeColumnName.test(name)
          ? { column: name, reason: `unknown column: ${kind.file} has no column of this name` }
          : {
              column: null,
              reason: `unknown column: header cell ${index + 1} is not a column of ${kind.file}`,
            },
      );
    }
  }
  const seen = new Set<string>();
  for (const name of names) {
    if (known.has(name) && seen.has(name))
      problems.push({ column: name, reason: 'this column is given twice in the header' });
    seen.add(name);
  }
  for (const column of kind.columns) {
    if (column.required && !seen.has(column.name))
      problems.push({ column: column.name, reason: `missing required column of ${kind.file}` });
  }
  return problems;
}
