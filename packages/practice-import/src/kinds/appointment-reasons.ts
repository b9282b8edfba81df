import { RowCells, required } from './cells.ts';
import { importedClinicianTypes } from './clinicians.ts';
import { columnsOf } from './columns.ts';
import type { RecordKind } from './kind.ts';
import { listValuesCell, lookupReasons } from './lookup-cells.ts';

/** An appointment of one minute to a working day (the column is a smallint). */
export const durationMinutesRange = { min: 1, max: 8 * 60 } as const;

/**
 * appointment_reasons.csv: species names (`;`) become ids; none means every species. A name no species
 * matches is kept as written (decision 0131): the reason is open to Other until the value is mapped.
 */
export const appointmentReasons: RecordKind = {
  file: 'appointment_reasons.csv',
  columns: columnsOf({
    reason_ref: true,
    name: true,
    duration_minutes: true,
    clinician_type: true,
    initial_consultation: false,
    species: false,
    online: false,
  }),
  refColumn: 'reason_ref',
  references: [],
  staged: {
    reason_ref: 'text',
    name: 'text',
    duration_minutes: 'integer',
    clinician_type: 'text',
    initial_consultation: 'boolean',
    species_ids: 'integer[]',
    species_texts: 'text[]',
    species_keys: 'text[]',
    species_other_id: 'integer',
    online: 'boolean',
  },
  parse(row, { lookups }) {
    const cells = new RowCells(row);
    const species = listValuesCell(cells, 'species', lookups.species);
    const other = species.keys.length > 0 ? lookups.species.find('Other') : undefined;
    if (species.keys.length > 0 && other === undefined)
      cells.refuse('species', lookupReasons.unknown('species', lookups.species.nearest(species.texts[0]!)));
    return cells.result({
      reason_ref: cells.text('reason_ref', required),
      name: cells.text('name', required),
      duration_minutes: cells.integer('duration_minutes', durationMinutesRange, required),
      clinician_type: cells.oneOf('clinician_type', importedClinicianTypes, required),
      initial_consultation: cells.boolean('initial_consultation', false),
      species_ids: species.ids,
      species_texts: species.texts,
      species_keys: species.keys,
      species_other_id: other ?? null,
      online: cells.boolean('online', true),
    });
  },
};
