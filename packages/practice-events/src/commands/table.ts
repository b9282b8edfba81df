/** Rows as aligned columns under their headings, two spaces apart (the last column is not padded). */
export function formatTable(headings: string[], rows: string[][]): string[] {
  const widths = headings.map((heading, column) =>
    Math.max(heading.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ');
  return [line(headings), ...rows.map(line)];
}
