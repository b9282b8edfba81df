import { describe, expect, it } from 'vitest';
import { clients } from '../kinds/clients.ts';
import { clinicians } from '../kinds/clinicians.ts';
import { practices } from '../kinds/practices.ts';
import { validRows } from '../kinds/testing/valid-rows.ts';
import { recordFromJson } from './json-record.ts';

describe('a record as JSON, to the cells of its row', () => {
  it('gives every column a cell: text as sent, numbers and true/false written out, null and missing empty', () => {
    const record = recordFromJson(practices, {
      practice_ref: 'P1',
      name: 'Harrogate Vets',
      listed_online: false,
      slot_grid_minutes: 15,
      county: null,
    });
    expect(record.refusals).toEqual([]);
    expect(record.children).toBeUndefined();
    expect(record.cells).toEqual({
      ...Object.fromEntries(practices.columns.map((c) => [c.name, ''])),
      practice_ref: 'P1',
      name: 'Harrogate Vets',
      listed_online: 'false',
      slot_grid_minutes: '15',
    });
  });

  it('reads the same cells from the same row given as CSV text', () => {
    const row = validRows['clients.csv'];
    expect(recordFromJson(clients, row)).toEqual({ cells: row, refusals: [] });
  });

  it('refuses an object or a list where a value belongs, naming the field', () => {
    const record = recordFromJson(clients, {
      client_ref: 'C1',
      first_name: { given: 'Ann' },
      last_name: ['Lee'],
    });
    expect(record.refusals).toEqual([
      { field: 'first_name', reason: 'not text, a number, true, false or null' },
      { field: 'last_name', reason: 'not text, a number, true, false or null' },
    ]);
  });

  it('refuses an unknown field by name, and one that does not look like a column name without it', () => {
    const record = recordFromJson(clients, { client_ref: 'C1', colour: 'red', 'Ann Lee <a@b.c>': 'x' });
    expect(record.refusals).toEqual([
      { field: 'colour', reason: 'unknown field: clients.csv has no column of this name' },
      { field: null, reason: 'a field is not a column of clients.csv' },
    ]);
  });

  it("gives a practice's opening hours the practice's reference, as rows of opening_hours.csv", () => {
    const record = recordFromJson(practices, {
      practice_ref: ' P1 ',
      opening_hours: [
        { day_of_week: 1, opens: '08:00', closes: '18:00' },
        { practice_ref: 'P1', day_of_week: '2', opens: '08:00', closes: '12:00' },
      ],
    });
    expect(record.refusals).toEqual([]);
    expect(record.children).toEqual([
      { practice_ref: ' P1 ', day_of_week: '1', opens: '08:00', closes: '18:00' },
      { practice_ref: ' P1 ', day_of_week: '2', opens: '08:00', closes: '12:00' },
    ]);
  });

  it('refuses child rows that are not objects, an empty list, another reference or an unknown field', () => {
    expect(recordFromJson(practices, { practice_ref: 'P1', opening_hours: [1] }).refusals).toEqual([
      { field: 'opening_hours', reason: 'not a list of objects, one per row of the file' },
    ]);
    expect(recordFromJson(clinicians, { clinician_ref: 'C1', rota_shifts: [] }).refusals).toEqual([
      {
        field: 'rota_shifts',
        reason:
          'empty: give the clinician’s shifts (leave the field out to keep the stored rota; deactivate a clinician who no longer works)',
      },
    ]);
    const record = recordFromJson(clinicians, {
      clinician_ref: 'C1',
      rota_shifts: [{ clinician_ref: 'C2', day_of_week: 1, starts: '09:00', ends: '17:00', lunch: '12:00' }],
    });
    expect(record.refusals).toEqual([
      { field: 'rota_shifts[0].lunch', reason: 'unknown field: rota_shifts.csv has no column of this name' },
      { field: 'rota_shifts[0].clinician_ref', reason: 'not the record’s reference: leave it out' },
    ]);
  });

  it('refuses a list field on a kind without child rows as an unknown field', () => {
    expect(recordFromJson(clients, { client_ref: 'C1', opening_hours: [] }).refusals).toEqual([
      { field: 'opening_hours', reason: 'unknown field: clients.csv has no column of this name' },
    ]);
  });
});
