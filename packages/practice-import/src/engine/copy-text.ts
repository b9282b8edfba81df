import type { StagedValue } from '../kinds/kind.ts';

/**
 * PostgreSQL's COPY text format (https://www.postgresql.org/docs/current/sql-copy.html, "Text Format"):
 * tab between columns, a line feed after each row, \N for null, and a backslash before the backslashes,
 * tabs, line feeds and carriage returns inside a value.
 */
const specialCharacters = /[\\\t\n\r]/;

export function copyText(value: string): string {
  if (!specialCharacters.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\\\',
  );
}

/** An array literal ({"a","b"}), each element quoted with its quotes and backslashes escaped. */
function arrayLiteral(values: readonly (string | number)[]): string {
  const elements = values.map((v) =>
    typeof v === 'number' ? String(v) : `"${v.replace(/["\\]/g, '\\$&')}"`,
  );
  return `{${elements.join(',')}}`;
}

export function copyValue(value: StagedValue | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return copyText(value);
  return copyText(arrayLiteral(value));
}

/** One COPY row from its values in column order. */
export function copyRow(values: readonly string[]): string {
  return `${values.join('\t')}\n`;
}
