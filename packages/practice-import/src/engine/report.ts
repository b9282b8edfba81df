import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { ImportRefusal } from './refusals.ts';

export interface FileCounts {
  file: string;
  applied: number;
  unchanged: number;
  refused: number;
  seconds: number;
}

const count = (n: number) => n.toLocaleString('en-GB');

/** The closing table: applied, unchanged and refused rows per file. */
export function summaryTable(files: readonly FileCounts[]): string {
  const rows = [
    ['file', 'applied', 'unchanged', 'refused'],
    ...files.map((f) => [f.file, count(f.applied), count(f.unchanged), count(f.refused)]),
  ];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows
    .map((r) =>
      r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '),
    )
    .join('\n');
}

export const describeRefusal = (r: ImportRefusal) =>
  `${r.file}${r.line > 0 ? ` line ${r.line}` : ''}${r.column ? `, ${r.column}` : ''}: ${r.reason}`;

/**
 * The report file: JSON with the run's counts and every refusal as file, line, column and reason (never
 * a cell's value), streamed refusal by refusal so that millions of them cost no memory.
 */
export async function writeReport(
  path: string,
  head: {
    dryRun: boolean;
    exitCode: number;
    files: readonly FileCounts[];
    unmapped: readonly unknown[];
    refusedDeskBookings: number;
  },
  refusals: AsyncIterable<ImportRefusal>,
): Promise<void> {
  const out = createWriteStream(path);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`${JSON.stringify(head).slice(0, -1)},"refusals":[`);
  let first = true;
  for await (const refusal of refusals) {
    await write(`${first ? '\n' : ',\n'}${JSON.stringify(refusal)}`);
    first = false;
  }
  out.end(`${first ? '' : '\n'}]}\n`);
  await finished(out);
}
