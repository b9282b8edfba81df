import { describe, expect, it } from 'vitest';
import { healthRecordOf } from './health-record.ts';

const dose = (vaccinationId: number, vaccine: string, givenOn: string, dueOn: string | null) => ({
  vaccinationId,
  vaccine,
  givenOn,
  dueOn,
});

describe('a pet’s vaccinations, given and due', () => {
  it('judges each vaccine by its latest dose: the booster supersedes the primary course’s due date', () => {
    const record = healthRecordOf(
      [
        dose(1, 'Lepto L4', '2024-01-10', '2025-01-10'),
        dose(2, 'DHP', '2024-01-10', '2025-01-10'),
        dose(3, 'Lepto L4', '2025-01-20', '2026-01-20'),
      ],
      '2026-03-01',
      true,
    );
    expect(record.due).toEqual([
      { vaccine: 'DHP', dueOn: '2025-01-10', lastGivenOn: '2024-01-10', overdue: true },
      { vaccine: 'Lepto L4', dueOn: '2026-01-20', lastGivenOn: '2025-01-20', overdue: true },
    ]);
    expect(record.given.map((g) => g.vaccinationId)).toEqual([3, 2, 1]);
  });

  it('is overdue only from the day after the due date', () => {
    const rows = [dose(1, 'RCP', '2025-06-30', '2026-06-30')];
    expect(healthRecordOf(rows, '2026-06-29', true).due[0]?.overdue).toBe(false);
    expect(healthRecordOf(rows, '2026-06-30', true).due[0]?.overdue).toBe(false);
    expect(healthRecordOf(rows, '2026-07-01', true).due[0]?.overdue).toBe(true);
  });

  it('lists the due soonest first, ties by vaccine; a latest dose without a due date is due for nothing', () => {
    const record = healthRecordOf(
      [
        dose(1, 'RCP', '2026-01-01', '2027-01-01'),
        dose(2, 'FeLV', '2026-01-01', '2027-01-01'),
        dose(3, 'Rabies', '2025-01-01', '2026-02-01'),
        dose(4, 'Rabies', '2026-02-01', null),
        dose(5, 'Myxo', '2026-01-05', '2026-12-01'),
      ],
      '2026-03-01',
      true,
    );
    expect(record.due.map((d) => d.vaccine)).toEqual(['Myxo', 'FeLV', 'RCP']);
  });

  it('orders names as a reader does, whatever their case', () => {
    const record = healthRecordOf(
      [
        dose(1, 'Feline RCP', '2026-01-01', '2027-01-01'),
        dose(2, 'Feline leukaemia', '2026-01-01', '2027-01-01'),
      ],
      '2026-03-01',
      true,
    );
    expect(record.due.map((d) => d.vaccine)).toEqual(['Feline leukaemia', 'Feline RCP']);
    expect(record.given.map((g) => g.vaccine)).toEqual(['Feline leukaemia', 'Feline RCP']);
  });

  it('takes the later id as the latest of two doses given the same day', () => {
    const record = healthRecordOf(
      [dose(7, 'RCP', '2026-01-01', '2026-02-01'), dose(8, 'RCP', '2026-01-01', '2027-01-01')],
      '2026-03-01',
      true,
    );
    expect(record.due).toEqual([
      { vaccine: 'RCP', dueOn: '2027-01-01', lastGivenOn: '2026-01-01', overdue: false },
    ]);
  });

  it('has nothing due for a pet no longer active, and keeps what was given', () => {
    const record = healthRecordOf([dose(1, 'RCP', '2012-01-25', '2013-01-25')], '2026-03-01', false);
    expect(record.due).toEqual([]);
    expect(record.given).toHaveLength(1);
  });
});
