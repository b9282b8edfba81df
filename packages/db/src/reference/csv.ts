/**
 * The reference lists' CSV (RFC 4180: quoted fields may hold commas, quotes and line breaks), read with the
 * line each record starts on, so a refusal names it; and written back the same way by the build script.
 */

export interface CsvRow {
  /** The file's line this record starts on (1 = the header). */
  line: number;
  cells: string[];
}

export function parseCsv(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  let atCellStart = true;
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const endRow = () => {
    cells.push(cell);
    if (!(cells.length === 1 && cells[0] === '')) rows.push({ line: startLine, cells });
    cells = [];
    cell = '';
    atCellStart = true;
  };
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i]!;
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        cell += char;
      }
      continue;
    }
    if (char === '"' && atCellStart) {
      quoted = true;
      atCellStart = false;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
      atCellStart = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i += 1;
      endRow();
      line += 1;
      startLine = line;
    } else {
      cell += char;
      atCellStart = false;
    }
  }
  if (quoted) throw new Error(`a quoted field opened on line ${startLine} is never closed`);
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

const needsQuotes = /[",\r\n]/;

export function formatCsv(rows: readonly (readonly string[])[]): string {
  return rows
    .map((row) =>
      row.map((cell) => (needsQuotes.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(','),
    )
    .join('\n')
    .concat('\n');
}
