import type { CellRow, ParseResult, Refusal, StagedRecord } from './kind.ts';

/**
 * The cell rules every kind shares (practice-systems.md, "Import files and their columns"; the staged
 * rule of kind.ts): one row's reader that turns cells into typed values and collects every refusal, so a
 * row is reported with all that is wrong with it at once. A reason names the rule, never the cell's value:
 * a cell may be personal data.
 */

export const reasons = {
  required: 'required, but empty',
  boolean: (fallback: boolean) => `not true or false (empty means ${String(fallback)})`,
  integer: ({ min, max }: IntegerRange) => `not a whole number from ${min} to ${max}`,
  date: 'not a real date written YYYY-MM-DD',
  time: 'not a time of day written HH:MM (00:00 to 23:59)',
  instant:
    'not a date and time with its offset, ISO 8601 (e.g. 2026-03-02T09:30:00Z or 2026-06-01T09:30:00+01:00)',
  oneOf: (values: readonly string[]) => `not one of ${values.join(', ')}`,
  tooLong: (maxLength: number) => `longer than ${maxLength} characters`,
  notAfter: (later: string, earlier: string) => `${later} is not after ${earlier}`,
  before: (later: string, earlier: string) => `${later} is before ${earlier}`,
} as const;

export interface IntegerRange {
  min: number;
  max: number;
}

export interface CellRule {
  required?: boolean;
}

/** `{ required: true }`, for reading: `cells.text('name', required)`. */
export const required = { required: true } as const;

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
// Seconds and their fraction are optional; the offset is not (Z, or +HH:MM / -HH:MM).
const instantPattern =
  /^(\d{4}-\d{2}-\d{2})T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,6})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** A real calendar date written YYYY-MM-DD (not 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const match = datePattern.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: the latter reads years 0 to 99 as 1900 to 1999.
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function isClockTime(value: string): boolean {
  return timePattern.test(value);
}

/** An instant in ISO 8601 with its offset, on a real calendar date. */
export function isInstant(value: string): boolean {
  const match = instantPattern.exec(value);
  return match !== null && isIsoDate(match[1]!);
}

/** One row's cells, read column by column; each refused cell reads as null and is remembered. */
export class RowCells {
  readonly refusals: Refusal[] = [];

  constructor(private readonly row: CellRow) {}

  refuse(column: string | null, reason: string): null {
    this.refusals.push({ column, reason });
    return null;
  }

  /** The cell trimmed, or null when empty. */
  cell(column: string): string | null {
    const value = (this.row[column] ?? '').trim();
    return value === '' ? null : value;
  }

  /** Free text (or a reference), trimmed; empty is null, or refused when required. */
  text(column: string, rule: CellRule & { maxLength?: number | null } = {}): string | null {
    const value = this.present(column, rule);
    if (value === null) return null;
    const maxLength = rule.maxLength ?? null;
    if (maxLength !== null && value.length > maxLength)
      return this.refuse(column, reasons.tooLong(maxLength));
    return value;
  }

  /** true or false in any case; empty is the column's default, written out. */
  boolean(column: string, fallback: boolean): boolean {
    const value = this.cell(column)?.toLowerCase() ?? null;
    if (value === null) return fallback;
    if (value === 'true' || value === 'false') return value === 'true';
    this.refuse(column, reasons.boolean(fallback));
    return fallback;
  }

  integer(column: string, range: IntegerRange, rule: CellRule = {}): number | null {
    const value = this.present(column, rule);
    if (value === null) return null;
    const number = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!(number >= range.min && number <= range.max)) return this.refuse(column, reasons.integer(range));
    return number;
  }

  date(column: string, rule: CellRule = {}): string | null {
    return this.matching(column, rule, isIsoDate, reasons.date);
  }

  /** A date already read, refused when after `today`: a record of what has happened. */
  notAfter(column: string, date: string | null, today: string, reason: string): string | null {
    return date !== null && date > today ? this.refuse(column, reason) : date;
  }

  time(column: string, rule: CellRule = {}): string | null {
    return this.matching(column, rule, isClockTime, reasons.time);
  }

  instant(column: string, rule: CellRule = {}): string | null {
    return this.matching(column, rule, isInstant, reasons.instant);
  }

  /** One of `values`, in any case, staged as the list writes it. */
  oneOf<T extends string>(column: string, values: readonly T[], rule: CellRule = {}): T | null {
    const value = this.present(column, rule)?.toLowerCase() ?? null;
    if (value === null) return null;
    return (
      values.find((known) => known.toLowerCase() === value) ?? this.refuse(column, reasons.oneOf(values))
    );
  }

  /** A row-level refusal naming both columns when `later` comes before `earlier` (or at it, if strict). */
  ordered(
    [earlierColumn, earlier]: readonly [string, string | null],
    [laterColumn, later]: readonly [string, string | null],
    { strict, compare = compareText }: { strict: boolean; compare?: (a: string, b: string) => number },
  ): void {
    if (earlier === null || later === null) return;
    const order = compare(earlier, later);
    if (strict && order >= 0) this.refuse(null, reasons.notAfter(laterColumn, earlierColumn));
    if (!strict && order > 0) this.refuse(null, reasons.before(laterColumn, earlierColumn));
  }

  /** The staged record when no cell was refused, else every refusal. */
  result(record: StagedRecord): ParseResult {
    return this.refusals.length === 0 ? { ok: true, record } : { ok: false, refusals: this.refusals };
  }

  private present(column: string, rule: CellRule): string | null {
    const value = this.cell(column);
    if (value === null && rule.required) return this.refuse(column, reasons.required);
    return value;
  }

  private matching(
    column: string,
    rule: CellRule,
    test: (value: string) => boolean,
    reason: string,
  ): string | null {
    const value = this.present(column, rule);
    if (value === null) return null;
    return test(value) ? value : this.refuse(column, reason);
  }
}

/** Dates YYYY-MM-DD and times HH:MM order as text. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Instants with any offsets, by the moment they name. */
export function compareInstants(a: string, b: string): number {
  return Date.parse(a) - Date.parse(b);
}
