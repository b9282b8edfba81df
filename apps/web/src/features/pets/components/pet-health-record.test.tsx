// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { PetHealthRecord as Record } from '@vet/contracts/pet-health-record';
import { buildPet } from '@vet/contracts/testing/builders';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PetHealthRecord } from './pet-health-record';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const record: Record = {
  petId: 1,
  today: '2026-11-26',
  practice: { name: 'Willowbrook Vets Clapham', phone: '020 7946 0123' },
  due: [
    { vaccine: 'Feline RCP', dueOn: '2026-11-25', lastGivenOn: '2025-11-25', overdue: true },
    { vaccine: 'FeLV', dueOn: '2026-11-26', lastGivenOn: '2025-11-26', overdue: false },
    { vaccine: 'Rabies', dueOn: '2027-03-01', lastGivenOn: '2026-03-01', overdue: false },
  ],
  given: [
    { vaccinationId: 3, vaccine: 'Rabies', givenOn: '2026-03-01', dueOn: '2027-03-01' },
    { vaccinationId: 2, vaccine: 'Feline RCP', givenOn: '2025-11-25', dueOn: '2026-11-25' },
    { vaccinationId: 1, vaccine: 'FeLV', givenOn: '2025-11-26', dueOn: null },
  ],
};

const pet = buildPet({ name: 'Pickle', microchipNumber: '826097015838226', status: 'Active' });
const show = (overrides: Partial<Parameters<typeof PetHealthRecord>[0]> = {}) =>
  render(
    <PetHealthRecord
      pet={pet}
      record={record}
      loading={false}
      error={false}
      onRetry={() => {}}
      {...overrides}
    />,
  );

describe('PetHealthRecord', () => {
  it('marks the overdue in words, and says what is due today and later', () => {
    show();
    const items = within(screen.getByRole('list', { name: 'Due' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Feline RCPOverdueWas due 25 November 2026Last given 25 November 2025',
      'FeLVDue todayLast given 26 November 2025',
      'RabiesDue 1 March 2027Last given 1 March 2026',
    ]);
  });

  it('lists every dose given, with when it is valid until', () => {
    show();
    const rows = within(screen.getByRole('table', { name: 'Given' })).getAllByRole('row');
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Vaccine', 'Given', 'Valid until'],
      ['Rabies', '1 March 2026', '1 March 2027'],
      ['Feline RCP', '25 November 2025', '25 November 2026'],
      ['FeLV', '26 November 2025', 'Not recorded'],
    ]);
  });

  it('prints from its button, headed (in print only) by the practice and the microchip', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    show();
    const heading = screen.getByTestId('printed-heading');
    expect(getComputedStyle(heading).display).toBe('none');
    expect(heading.textContent).toContain('Willowbrook Vets Clapham');
    expect(heading.textContent).toContain('826 097 015 838 226');
    fireEvent.click(screen.getByRole('button', { name: 'Print vaccination record' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('shows nothing due for a pet no longer active, and what the practice has not recorded', () => {
    show({ pet: { ...pet, status: 'Deceased' } });
    expect(screen.queryByRole('heading', { name: 'Due' })).toBeNull();
    cleanup();
    show({ record: { ...record, due: [], given: [] } });
    expect(screen.getByText('No vaccinations due.')).toBeTruthy();
    expect(screen.getByText('The practice has not recorded any vaccinations for Pickle.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Print vaccination record' })).toBeNull();
  });
});
