import { lineAmounts } from '@vet/contracts/bill-rules';
import { describe, expect, it } from 'vitest';
import { billReasons, poundsOf, quantityInThousandths, signedAmountInPence } from './bill-cells.ts';
import { estimateLines, estimates } from './estimates.ts';
import { invoiceLines, invoices } from './invoices.ts';
import { practiceReasons, practices } from './practices.ts';
import { reasons } from './cells.ts';
import { accepted, refused } from './testing/kind-fixtures.ts';
import { validRows } from './testing/valid-rows.ts';

const estimate = validRows['estimates.csv'];
const estimateLine = validRows['estimate_lines.csv'];
const invoice = validRows['invoices.csv'];
const invoiceLine = validRows['invoice_lines.csv'];

describe('bill amounts', () => {
  it('reads pounds and pence, signed, to whole pence up to £999,999.99', () => {
    expect(signedAmountInPence('45')).toBe(4500);
    expect(signedAmountInPence('-5.5')).toBe(-550);
    expect(signedAmountInPence('999999.99')).toBe(99_999_999);
    expect(signedAmountInPence('-0')).toBe(0);
    for (const text of ['£45', '1,200.00', '45.001', '1000000', '', '--1']) {
      expect(signedAmountInPence(text)).toBe('invalid');
    }
    expect(poundsOf(-550)).toBe('-5.50');
    expect(poundsOf(5)).toBe('0.05');
  });

  it('reads a quantity above 0 with up to three decimals, in thousandths', () => {
    expect(quantityInThousandths('2.5')).toBe(2500);
    expect(quantityInThousandths('0.001')).toBe(1);
    expect(quantityInThousandths('9999.999')).toBe(9_999_999);
    for (const text of ['0', '0.000', '-1', '1.0005', '10000', '1e3']) {
      expect(quantityInThousandths(text)).toBe('invalid');
    }
  });
});

describe('estimates.csv and invoices.csv', () => {
  it('stages an estimate in pence, with its status (default proposed) in the list’s words', () => {
    expect(accepted(estimates, estimate)).toMatchObject({
      estimate_ref: 'E1',
      total_pence: 65_400,
      vat_pence: 10_900,
      status: 'proposed',
      expires_on: '2026-12-20',
    });
    expect(accepted(estimates, { ...estimate, status: '' })).toMatchObject({ status: 'proposed' });
    expect(accepted(invoices, { ...invoice, status: '', amount_paid: '' })).toMatchObject({
      status: 'issued',
      paid_pence: 0,
      estimate_ref: 'E1',
    });
  });

  it('refuses a negative total or VAT, VAT above the total, another currency or status', () => {
    expect(refused(estimates, { ...estimate, total: '-1.00', vat: '-0.20' })).toEqual([
      { column: 'total', reason: billReasons.negative },
      { column: 'vat', reason: billReasons.negative },
    ]);
    expect(refused(invoices, { ...invoice, vat: '60.00', currency: 'EUR', status: 'void' })).toEqual([
      { column: 'vat', reason: billReasons.vatAboveTotal },
      { column: 'currency', reason: billReasons.currency },
      { column: 'status', reason: reasons.oneOf(['issued', 'part_paid', 'paid', 'credited']) },
    ]);
    expect(refused(invoices, { ...invoice, amount_paid: '54.01' })).toEqual([
      { column: 'amount_paid', reason: billReasons.paidAboveTotal },
    ]);
  });

  it('refuses an issue date after today and an expiry before it', () => {
    expect(refused(estimates, { ...estimate, issued_on: '2026-11-27' })).toEqual([
      { column: 'issued_on', reason: billReasons.issuedAfterToday },
    ]);
    expect(refused(estimates, { ...estimate, expires_on: '2026-11-19' })).toEqual([
      { column: null, reason: reasons.before('expires_on', 'issued_on') },
    ]);
  });
});

describe('estimate_lines.csv and invoice_lines.csv', () => {
  it('stages a line with its VAT, the rate in the list’s words, a quantity in thousandths', () => {
    expect(accepted(invoiceLines, invoiceLine)).toEqual({
      invoice_ref: 'I1',
      line_no: 2,
      pet_ref: 'A1',
      description: 'Meloxicam 1.5 mg/ml, 2.5 ml',
      quantity_thousandths: 2500,
      unit_price_pence: 1800,
      vat_rate: 'standard',
      total_pence: 5400,
      vat_pence: 900,
    });
    expect(accepted(estimateLines, { ...estimateLine, vat_rate: 'Exempt', total: '545.00' })).toMatchObject({
      vat_rate: 'exempt',
      vat_pence: 0,
    });
  });

  it('takes a discount as a negative unit price and total, with its VAT', () => {
    const discount = { ...invoiceLine, quantity: '1', unit_price: '-5.00', vat_rate: '20', total: '-6.00' };
    expect(accepted(invoiceLines, discount)).toMatchObject({ total_pence: -600, vat_pence: -100 });
  });

  it('refuses a line whose total is not lineAmounts’, naming the amount expected', () => {
    // 3 × 0.33 = 0.99 net, VAT 0.198 → 0.20: 1.19.
    const expected = lineAmounts(3000, 33, 'standard').totalPence;
    expect(expected).toBe(119);
    const line = { ...invoiceLine, quantity: '3', unit_price: '0.33', total: '1.18' };
    expect(refused(invoiceLines, line)).toEqual([{ column: 'total', reason: billReasons.lineTotal(119) }]);
    expect(billReasons.lineTotal(119)).toContain('1.19');
  });

  it('refuses a negative or zero quantity and an unknown VAT rate', () => {
    expect(refused(estimateLines, { ...estimateLine, quantity: '-1', vat_rate: '17.5' })).toEqual([
      { column: 'quantity', reason: billReasons.quantity },
      { column: 'vat_rate', reason: billReasons.vatRate },
    ]);
    expect(refused(estimateLines, { ...estimateLine, quantity: '0' })).toEqual([
      { column: 'quantity', reason: billReasons.quantity },
    ]);
  });
});

describe('practices.csv vat_number', () => {
  it('stores a UK VAT number in one form, and refuses another', () => {
    expect(accepted(practices, validRows['practices.csv'])).toMatchObject({ vat_number: 'GB123456789' });
    expect(
      accepted(practices, { ...validRows['practices.csv'], vat_number: 'xi123456789012' }),
    ).toMatchObject({ vat_number: 'XI123456789012' });
    expect(refused(practices, { ...validRows['practices.csv'], vat_number: 'FR12345678901' })).toEqual([
      { column: 'vat_number', reason: practiceReasons.vatNumber },
    ]);
  });
});
