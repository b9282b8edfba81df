import { RowCells, isClockTime, required } from './cells.ts';
import { columnsOf } from './columns.ts';
import type { RecordKind } from './kind.ts';
import { dayOfWeekRange } from './opening-hours.ts';

export const rotaReasons = {
  breakForm: (position: number) => `break ${position} is not written HH:MM-HH:MM`,
  breakOrder: (position: number) => `break ${position} does not end after it starts`,
  breakOutside: (position: number) => `break ${position} is not inside the shift (starts to ends)`,
  breaksOverlap: (first: number, second: number) => `breaks ${first} and ${second} overlap`,
} as const;

interface Break {
  position: number;
  starts: string;
  ends: string;
}

/**
 * The breaks of one shift (`HH:MM-HH:MM` separated by `;`), each inside the shift and none overlapping
 * another (one may end as the next starts). Staged in order of their start, so the same breaks written
 * in another order are the same shift.
 */
function breaksOf(cells: RowCells, shift: { starts: string | null; ends: string | null }): string[] {
  const parts = (cells.cell('breaks') ?? '').split(';').map((part) => part.trim());
  const breaks: Break[] = [];
  parts.forEach((part, index) => {
    if (part === '') return;
    const position = index + 1;
    const [starts = '', ends = '', ...rest] = part.split('-').map((time) => time.trim());
    if (rest.length > 0 || !isClockTime(starts) || !isClockTime(ends)) {
      cells.refuse('breaks', rotaReasons.breakForm(position));
    } else if (ends <= starts) {
      cells.refuse('breaks', rotaReasons.breakOrder(position));
    } else if (shift.starts !== null && shift.ends !== null && (starts < shift.starts || ends > shift.ends)) {
      cells.refuse('breaks', rotaReasons.breakOutside(position));
    } else {
      breaks.push({ position, starts, ends });
    }
  });
  breaks.sort((a, b) => (a.starts < b.starts ? -1 : a.starts > b.starts ? 1 : 0));
  for (let i = 1; i < breaks.length; i += 1) {
    const [before, after] = [breaks[i - 1]!, breaks[i]!];
    if (after.starts < before.ends) {
      const [first, second] = [before.position, after.position].sort((a, b) => a - b);
      cells.refuse('breaks', rotaReasons.breaksOverlap(first!, second!));
    }
  }
  return breaks.map(({ starts, ends }) => `${starts}-${ends}`);
}

/**
 * rota_shifts.csv: a clinician's weekly shift, keyed by its clinician, day and times (no reference of its
 * own). Overlapping shifts of one clinician on one day are a check across rows: the engine's.
 */
export const rotaShifts: RecordKind = {
  file: 'rota_shifts.csv',
  columns: columnsOf({
    clinician_ref: true,
    day_of_week: true,
    starts: true,
    ends: true,
    valid_from: false,
    valid_to: false,
    breaks: false,
  }),
  refColumn: null,
  references: [{ column: 'clinician_ref', file: 'clinicians.csv', parent: true }],
  staged: {
    clinician_ref: 'text',
    day_of_week: 'integer',
    starts: 'time',
    ends: 'time',
    valid_from: 'date',
    valid_to: 'date',
    breaks: 'text[]',
  },
  parse(row) {
    const cells = new RowCells(row);
    const clinicianRef = cells.text('clinician_ref', required);
    const dayOfWeek = cells.integer('day_of_week', dayOfWeekRange, required);
    const starts = cells.time('starts', required);
    const ends = cells.time('ends', required);
    const validFrom = cells.date('valid_from');
    const validTo = cells.date('valid_to');
    const inOrder = starts !== null && ends !== null && starts < ends;
    // Breaks are judged against the shift only when the shift itself is sound.
    const breaks = breaksOf(cells, inOrder ? { starts, ends } : { starts: null, ends: null });
    cells.ordered(['starts', starts], ['ends', ends], { strict: true });
    cells.ordered(['valid_from', validFrom], ['valid_to', validTo], { strict: false });
    return cells.result({
      clinician_ref: clinicianRef,
      day_of_week: dayOfWeek,
      starts,
      ends,
      valid_from: validFrom,
      valid_to: validTo,
      breaks,
    });
  },
};
