import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { practiceDate } from '@vet/contracts/practice-clock';
import { parseCsv } from './csv.ts';
import type { ReferenceProblem } from './reference-types.ts';

/**
 * The CMA's cap on a written prescription's fee, dated (decision 0142): written-prescription-caps.csv,
 * loaded with the reference lists in their transaction. A line is a cap from its day on; the rows stored
 * are history and are never rewritten nor removed, so a line may only add a day. Refused by line, naming
 * the column: a day or amount that is not one, a day given twice, a stored day's amounts changed, and a
 * cap from a day already come below the cap then in force (that would make fees already quoted unlawful
 * after the fact). A lower cap from a day still to come is the CMA's to set, and is taken.
 */
export const capsFile = 'written-prescription-caps.csv';
const columns = ['effective_from', 'first_pence', 'further_pence'] as const;

export interface CapRow {
  effectiveFrom: string;
  firstPence: number;
  furtherPence: number;
}

export interface CapsPlan {
  added: CapRow[];
  entries: number;
  problems: ReferenceProblem[];
}

const isDay = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

function amount(text: string, column: string, line: number, problems: ReferenceProblem[]) {
  if (/^\d{1,7}$/.test(text)) return Number(text);
  const what = /^-\d+$/.test(text) ? 'negative: a cap is 0 or more pence' : 'not a whole number of pence';
  problems.push({ file: capsFile, line, reason: `${column}: ${what} ("${text}")` });
  return undefined;
}

/** The file's rows, each checked on its own; problems by line. */
export function readCaps(directory: string, problems: ReferenceProblem[]): (CapRow & { line: number })[] {
  const path = join(directory, capsFile);
  if (!existsSync(path)) {
    problems.push({
      file: capsFile,
      line: 0,
      reason: 'missing: the written prescription caps need their file',
    });
    return [];
  }
  const [header, ...records] = parseCsv(readFileSync(path, 'utf8'));
  const names = (header?.cells ?? []).map((c) => c.trim());
  if (columns.some((c, i) => names[i] !== c) || names.length !== columns.length) {
    problems.push({ file: capsFile, line: 1, reason: `the columns are ${columns.join(', ')}` });
    return [];
  }
  const rows: (CapRow & { line: number })[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of records) {
    const [effectiveFrom = '', first = '', further = ''] = cells.map((c) => c.trim());
    const before = problems.length;
    if (!isDay(effectiveFrom))
      problems.push({
        file: capsFile,
        line,
        reason: `effective_from: not a day as 2027-04-01 ("${effectiveFrom}")`,
      });
    else if (seen.has(effectiveFrom))
      problems.push({
        file: capsFile,
        line,
        reason: `effective_from: this day is given in line ${seen.get(effectiveFrom)}`,
      });
    const firstPence = amount(first, 'first_pence', line, problems);
    const furtherPence = amount(further, 'further_pence', line, problems);
    if (!seen.has(effectiveFrom)) seen.set(effectiveFrom, line);
    if (problems.length === before)
      rows.push({ effectiveFrom, firstPence: firstPence!, furtherPence: furtherPence!, line });
  }
  // By day, so that each line is judged against the caps of the days before it, whatever the file's order.
  return rows.sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
}

/** The cap in force on `day` among `rows`: the latest from before it (strictly, for a row's own day). */
const inForceBefore = (rows: readonly CapRow[], day: string) =>
  rows.filter((r) => r.effectiveFrom < day).sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))[0];

/** What the file adds to the stored caps, or its problems; `today` is the UK's date. */
export async function planCaps(
  client: pg.ClientBase,
  directory: string,
  today: string = practiceDate(new Date()),
): Promise<CapsPlan> {
  const problems: ReferenceProblem[] = [];
  const rows = readCaps(directory, problems);
  const stored = new Map(
    (
      await client.query<CapRow>(
        `select to_char(effective_from, 'YYYY-MM-DD') as "effectiveFrom", first_pence as "firstPence",
                further_pence as "furtherPence" from written_prescription_caps`,
      )
    ).rows.map((r) => [r.effectiveFrom, r]),
  );
  const added: CapRow[] = [];
  for (const { line, ...row } of rows) {
    const kept = stored.get(row.effectiveFrom);
    if (kept) {
      for (const column of ['firstPence', 'furtherPence'] as const)
        if (kept[column] !== row[column])
          problems.push({
            file: capsFile,
            line,
            reason: `${column === 'firstPence' ? 'first_pence' : 'further_pence'}: the cap from ${row.effectiveFrom} is stored as ${kept[column]}; a stored cap is never rewritten: add a line from a later day`,
          });
      continue;
    }
    const then = inForceBefore([...stored.values(), ...added], row.effectiveFrom);
    if (then && row.effectiveFrom <= today)
      for (const column of ['firstPence', 'furtherPence'] as const)
        if (row[column] < then[column])
          problems.push({
            file: capsFile,
            line,
            reason: `${column === 'firstPence' ? 'first_pence' : 'further_pence'}: below ${then[column]}, the cap in force on ${row.effectiveFrom} (from ${then.effectiveFrom}): a cap is not lowered after the day`,
          });
    added.push(row);
  }
  return { added: problems.length > 0 ? [] : added, entries: rows.length, problems };
}

/** Adds the plan's caps; the stored ones are left as they are. */
export async function writeCaps(client: pg.ClientBase, plan: CapsPlan): Promise<number> {
  if (plan.added.length === 0) return 0;
  await client.query(
    `insert into written_prescription_caps (effective_from, first_pence, further_pence)
     select * from jsonb_to_recordset($1::jsonb) as r(effective_from date, first_pence integer, further_pence integer)`,
    [
      JSON.stringify(
        plan.added.map((r) => ({
          effective_from: r.effectiveFrom,
          first_pence: r.firstPence,
          further_pence: r.furtherPence,
        })),
      ),
    ],
  );
  return plan.added.length;
}
