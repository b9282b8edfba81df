// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { PriceList as PriceListData } from '@vet/contracts/practice-prices';
import { afterEach, describe, expect, it } from 'vitest';
import { PriceList } from './price-list';

afterEach(cleanup);

const list: PriceListData = {
  lines: [
    {
      name: 'Consultation',
      prices: [{ band: null, amountPence: 4500, includes: 'A 15-minute examination' }],
    },
    { name: 'Dental check', prices: [] },
    {
      name: 'Vaccination',
      prices: [
        { band: 'cat', amountPence: 6200, includes: 'The booster' },
        { band: 'dog_large', amountPence: 7400, includes: 'The booster' },
      ],
    },
    {
      name: 'Worming',
      prices: [
        { band: 'dog_medium', amountPence: 1200, includes: 'Two doses' },
        { band: 'rabbit', amountPence: 900, includes: null },
      ],
    },
  ],
  lastUpdated: '2026-12-01',
  vatIncluded: true,
};

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);

/** The price list in the remedies' shape (issue 62, decision 0146). */
describe('PriceList', () => {
  it('lists each service with its price per band, VAT included, and the day the list last changed', () => {
    render(<PriceList list={list} />);
    expect(screen.getByText('Prices include VAT.')).toBeTruthy();
    expect(screen.getByText('Prices last updated 1 December 2026.')).toBeTruthy();
    const table = screen.getByRole('table', { name: /Prices of common services and appointments/ });
    expect(rowsOf(table)).toEqual([
      'AnimalPrice',
      'ConsultationIncludes: A 15-minute examination',
      'Every animalFrom £45.00',
      'Dental check',
      'Price not yet published',
      'VaccinationIncludes: The booster',
      'CatFrom £62.00',
      'Dog (large)From £74.00',
      // Bands that include different things say so each.
      'Worming',
      'Dog (medium)From £12.00Includes: Two doses',
      'RabbitFrom £9.00',
    ]);
    expect(within(table).queryByText(/ask the practice/i)).toBeNull();
  });

  it('heads each band’s price with its service (a row group) and its band (a row)', () => {
    render(<PriceList list={list} />);
    const service = screen.getByRole('rowheader', { name: /^Vaccination/ });
    expect(service.getAttribute('scope')).toBe('rowgroup');
    expect(service.closest('tbody')?.textContent).toContain('Dog (large)From £74.00');
    expect(screen.getByRole('rowheader', { name: 'Dog (large)' }).getAttribute('scope')).toBe('row');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Animal',
      'Price',
    ]);
  });

  it('gives no date without a price in force, and says so of a list with no lines or one not read', () => {
    const { rerender } = render(
      <PriceList list={{ ...list, lines: [{ name: 'Dental check', prices: [] }], lastUpdated: null }} />,
    );
    expect(screen.queryByText(/last updated/)).toBeNull();
    expect(screen.getByText('Price not yet published')).toBeTruthy();
    rerender(<PriceList list={{ ...list, lines: [], lastUpdated: null }} />);
    expect(screen.getByText('This practice has not yet published its prices.')).toBeTruthy();
    rerender(<PriceList list={undefined} />);
    expect(screen.getByText('The prices could not be shown just now. Please try again later.')).toBeTruthy();
  });
});
