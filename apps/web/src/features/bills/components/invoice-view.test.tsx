// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { InvoiceDetail } from '@vet/contracts/bills';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvoiceView } from './invoice-view';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const invoice: InvoiceDetail = {
  id: 9,
  number: 'INV-1042',
  title: 'Dental visit',
  issuedOn: '2026-11-02',
  petNames: ['Bramble', 'Pickle'],
  clinicianName: 'Helen Marsh',
  totalPence: 59_400,
  vatPence: 9_900,
  practice: {
    name: 'Willowbrook Vets Clapham',
    address: ['48 Abbeville Road', 'Clapham', 'London', 'SW4 9NG'],
    phone: '020 7946 0123',
    vatNumber: 'GB 123 4567 89',
    ownership: 'Willowbrook Vets Clapham is owned by Willowbrook Veterinary Group Ltd.',
  },
  state: 'partPaid',
  practiceStatus: 'part_paid',
  dueOn: '2026-12-02',
  paidPence: 20_000,
  duePence: 39_400,
  estimateId: 41,
  payOnline: false,
  lines: [
    {
      lineNo: 1,
      description: 'Dental scale and polish',
      quantity: '1.000',
      unitPricePence: 50_000,
      vatRate: 'standard',
      vatPercent: 20,
      totalPence: 60_000,
      petName: 'Bramble',
    },
    {
      lineNo: 2,
      description: 'Loyalty discount',
      quantity: '1',
      unitPricePence: -500,
      vatRate: 'standard',
      vatPercent: 20,
      totalPence: -600,
      petName: null,
    },
  ],
};

describe('InvoiceView (an itemised bill, issue 63)', () => {
  it('names who charges: the practice, its address, phone, VAT number and owner', () => {
    render(<InvoiceView invoice={invoice} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dental visit');
    const practice = screen.getByText('Willowbrook Vets Clapham', { selector: 'strong' }).closest('address')!;
    expect(Array.from(practice.children, (line) => line.textContent)).toEqual([
      'Willowbrook Vets Clapham',
      '48 Abbeville Road',
      'Clapham',
      'London',
      'SW4 9NG',
      'Telephone 020 7946 0123',
      'VAT registration number GB 123 4567 89',
      'Willowbrook Vets Clapham is owned by Willowbrook Veterinary Group Ltd.',
    ]);
    expect(screen.getByText('Part paid £394.00 due')).toBeTruthy();
    // A VAT invoice carries its number: the one the practice's desk asks for.
    expect(screen.getByText('Invoice number').nextElementSibling?.textContent).toBe('INV-1042');
  });

  it('itemises every line in a captioned table with column and row headers, and the totals paid and due', () => {
    render(<InvoiceView invoice={invoice} />);
    const table = screen.getByRole('table', { name: 'What each item cost' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => [header.textContent, header.getAttribute('scope')]),
    ).toEqual([
      ['Description', 'col'],
      ['Pet', 'col'],
      ['Quantity', 'col'],
      ['Unit price (ex VAT)', 'col'],
      ['VAT rate', 'col'],
      ['Line total', 'col'],
    ]);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Dental scale and polish', 'Bramble', '1', '£500.00', '20%', '£600.00'],
      ['Loyalty discount', '—', '1', '\u2212£5.00', '20%', '\u2212£6.00'],
      ['Subtotal (excluding VAT)', '£495.00'],
      ['VAT', '£99.00'],
      ['Total (including VAT)', '£594.00'],
      ['Paid', '£200.00'],
      ['Left to pay', '£394.00'],
    ]);
  });

  it('prints the page with Print, and links to the estimate it settles', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    render(<InvoiceView invoice={invoice} />);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(
      screen.getByRole('link', { name: 'See the estimate for this treatment' }).getAttribute('href'),
    ).toBe('/bills/estimates/41');
  });
});
