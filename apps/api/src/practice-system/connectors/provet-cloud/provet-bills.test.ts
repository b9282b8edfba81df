import type { RefusedRead } from '../vendor-port.ts';
import { describe, expect, it } from 'vitest';
import { provetInvoiceRows, type ProvetInvoice, type ProvetInvoiceRow } from './provet-bills.ts';

const pathsOf = (refused: readonly RefusedRead[]) =>
  refused.map((read) => [read.ref, read.reasons.map((reason) => reason.path)]);

const api = 'https://provetcloud.com/4321/api/0.1';
const invoice = (fields: Partial<ProvetInvoice> = {}): ProvetInvoice => ({
  id: 500,
  modified: '2026-11-27T10:00:00+00:00',
  status: 3,
  invoice_number: 1042,
  invoice_prefix: 'INV',
  client: `${api}/client/7/`,
  department: `${api}/department/1/`,
  invoice_date: '2026-11-27',
  due_date: '2026-12-11',
  credit_note: false,
  total_with_vat: '60.00',
  total_vat: '10.00',
  paid_amount: '0.00',
  ...fields,
});
const row = (id: number, invoiceId: number, fields: Partial<ProvetInvoiceRow> = {}): ProvetInvoiceRow => ({
  id,
  invoice: `${api}/invoice/${invoiceId}/`,
  patient: `${api}/patient/9/`,
  name: 'Consultation',
  quantity: '1.000',
  unit_price: '50.00',
  vat_percentage: '20.00',
  total_with_vat: '60.00',
  ...fields,
});

describe('Provet Cloud invoices as rows', () => {
  it('maps a finalized invoice, its number as the ERP guide builds it, and its own rows', () => {
    const { rows, deleted, refused } = provetInvoiceRows(
      [invoice()],
      [row(2, 500), row(3, 501)],
      'PRAC-0001',
    );
    expect(deleted).toEqual([]);
    expect(pathsOf(refused)).toEqual([]);
    expect(rows['invoices.csv']).toEqual([
      {
        invoice_ref: '500',
        practice_ref: 'PRAC-0001',
        client_ref: '7',
        title: 'Invoice INV-1042',
        issued_on: '2026-11-27',
        due_on: '2026-12-11',
        status: 'issued',
        currency: 'GBP',
        total: '60.00',
        vat: '10.00',
        amount_paid: '0.00',
      },
    ]);
    expect(rows['invoice_lines.csv']).toEqual([
      {
        invoice_ref: '500',
        line_no: '1',
        pet_ref: '9',
        description: 'Consultation',
        quantity: '1',
        unit_price: '50.00',
        vat_rate: 'standard',
        total: '60.00',
      },
    ]);
  });

  it('leaves drafts, credit notes and anonymous counter sales out, and takes a voided one back', () => {
    const { rows, deleted, refused } = provetInvoiceRows(
      [
        invoice({ id: 1, status: 0, invoice_number: null }),
        invoice({ id: 2, credit_note: true }),
        invoice({ id: 3, client: null }),
        invoice({ id: 4, status: 99 }),
        invoice({ id: 5, paid_amount: '60.00' }),
      ],
      [row(10, 5)],
      'PRAC-0001',
    );
    expect(rows['invoices.csv'].map((r) => [r.invoice_ref, r.status])).toEqual([['5', 'paid']]);
    expect(deleted).toEqual(['4']);
    expect(pathsOf(refused)).toEqual([]);
  });

  it('refuses an invoice in another currency or with a row at an unknown VAT rate, naming the field', () => {
    const { rows, refused } = provetInvoiceRows(
      [invoice({ id: 6, currency: 'EUR' }), invoice({ id: 7 })],
      [row(1, 6), row(2, 7, { vat_percentage: '24.00' })],
      'PRAC-0001',
    );
    expect(rows['invoices.csv']).toEqual([]);
    expect(pathsOf(refused)).toEqual([
      ['6', ['currency']],
      ['7', ['rows[0].vat_percentage']],
    ]);
  });
});
