import { describe, expect, it } from 'vitest';
import { amountText, billRecords, emptyBillRows, quantityText, vatRateOf } from './bill-rows.ts';

describe('bill rows from a vendor’s values', () => {
  it('writes amounts as the files do, refusing a fraction of a penny', () => {
    expect(amountText(12.5)).toBe('12.50');
    expect(amountText('45')).toBe('45.00');
    expect(amountText('-3.2')).toBe('-3.20');
    expect(amountText('0.10')).toBe('0.10');
    expect(amountText('7.000')).toBe('7.00');
    expect(amountText(0)).toBe('0.00');
    expect(amountText('1.005')).toBeNull();
    expect(amountText('£4')).toBeNull();
    expect(amountText(null)).toBeNull();
  });

  it('keeps a quantity to three places and no more', () => {
    expect(quantityText(2.5)).toBe('2.5');
    expect(quantityText('0.350')).toBe('0.35');
    expect(quantityText('3')).toBe('3');
    expect(quantityText('0.0005')).toBeNull();
    expect(quantityText('-1')).toBeNull();
  });

  it('names HMRC’s rates by the vendor’s percent and refuses any other', () => {
    expect(vatRateOf(20)).toBe('standard');
    expect(vatRateOf('20.00')).toBe('standard');
    expect(vatRateOf('5')).toBe('reduced');
    expect(vatRateOf(0)).toBe('zero');
    expect(vatRateOf(17.5)).toBeNull();
    expect(vatRateOf('')).toBeNull();
    expect(vatRateOf(null)).toBeNull();
  });

  it('gives each record its own lines as child rows, without the parent’s reference', () => {
    const rows = emptyBillRows();
    rows['invoices.csv'].push({ invoice_ref: '1', total: '12.00' }, { invoice_ref: '2', total: '0.00' });
    rows['invoice_lines.csv'].push(
      { invoice_ref: '1', line_no: '1', description: 'Consultation' },
      { invoice_ref: '1', line_no: '2', description: 'Tablets' },
    );
    expect(billRecords('invoices', rows)).toEqual([
      {
        ref: '1',
        body: {
          invoice_ref: '1',
          total: '12.00',
          invoice_lines: [
            { line_no: '1', description: 'Consultation' },
            { line_no: '2', description: 'Tablets' },
          ],
        },
      },
      { ref: '2', body: { invoice_ref: '2', total: '0.00', invoice_lines: [] } },
    ]);
  });
});
