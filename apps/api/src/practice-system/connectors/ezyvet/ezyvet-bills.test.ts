import type { RefusedRead } from '../vendor-port.ts';
import { describe, expect, it } from 'vitest';
import {
  estimateSchema,
  ezyvetEstimateRows,
  ezyvetInvoiceRows,
  invoiceLineSchema,
  invoiceSchema,
} from './ezyvet-bills.ts';

const pathsOf = (refused: readonly RefusedRead[]) =>
  refused.map((read) => [read.ref, read.reasons.map((reason) => reason.path)]);

// 2026-11-27 10:00 UTC, and a week later.
const issued = Date.parse('2026-11-27T10:00:00Z') / 1000;
const expires = issued + 7 * 86_400;

const estimate = (fields: Record<string, unknown> = {}) =>
  estimateSchema.parse({
    id: 41,
    active: '1',
    modified_at: issued,
    contact_id: 7,
    name: 'Dental',
    date: issued,
    expiry_date: expires,
    status: 'Sent',
    total: '126.00',
    total_tax: '21.00',
    items: [
      {
        animal_id: 9,
        name: 'Scale and polish',
        quantity: 1,
        price: '100.00',
        tax_rate: '20',
        total: '120.00',
      },
      { animal_id: null, name: 'Chlorhexidine gel', quantity: '2', price: 2.5, tax_rate: 20, total: '6.00' },
    ],
    ...fields,
  });

describe('ezyVet estimates as rows', () => {
  it('maps an estimate sent to the owner and its lines, numbered in order', () => {
    const { rows, refused } = ezyvetEstimateRows([estimate()], 'PRAC-0001');
    expect(pathsOf(refused)).toEqual([]);
    expect(rows['estimates.csv']).toEqual([
      {
        estimate_ref: '41',
        practice_ref: 'PRAC-0001',
        client_ref: '7',
        title: 'Dental',
        issued_on: '2026-11-27',
        expires_on: '2026-12-04',
        status: 'proposed',
        currency: 'GBP',
        total: '126.00',
        vat: '21.00',
      },
    ]);
    expect(rows['estimate_lines.csv']).toEqual([
      expect.objectContaining({
        estimate_ref: '41',
        line_no: '1',
        pet_ref: '9',
        unit_price: '100.00',
        vat_rate: 'standard',
        total: '120.00',
      }),
      expect.objectContaining({
        estimate_ref: '41',
        line_no: '2',
        pet_ref: '',
        quantity: '2',
        unit_price: '2.50',
        total: '6.00',
      }),
    ]);
  });

  it('maps ezyVet’s statuses, leaves the practice’s drafts out and refuses one it does not know', () => {
    const statuses = [
      'Accepted',
      'Rejected',
      'Requote',
      'Approved',
      'Created',
      'Pending Approval',
      'Invoiced',
    ];
    const { rows, refused } = ezyvetEstimateRows(
      statuses.map((status, index) => estimate({ id: index + 1, status })),
      'PRAC-0001',
    );
    expect(rows['estimates.csv'].map((row) => [row.estimate_ref, row.status])).toEqual([
      ['1', 'accepted'],
      ['2', 'declined'],
      ['3', 'superseded'],
      ['4', 'proposed'],
    ]);
    expect(pathsOf(refused)).toEqual([['7', ['status']]]);
  });

  it('refuses a whole estimate with a line at a tax rate that is none of HMRC’s, naming the line', () => {
    const bad = estimate({
      items: [
        { animal_id: 9, name: 'Import fee', quantity: 1, price: '10.00', tax_rate: '17.5', total: '11.75' },
      ],
    });
    const { rows, refused } = ezyvetEstimateRows([bad], 'PRAC-0001');
    expect(rows['estimates.csv']).toEqual([]);
    expect(rows['estimate_lines.csv']).toEqual([]);
    expect(pathsOf(refused)).toEqual([['41', ['items[0].tax_rate']]]);
  });
});

describe('ezyVet invoices as rows', () => {
  const invoice = (fields: Record<string, unknown> = {}) =>
    invoiceSchema.parse({
      id: 300,
      active: true,
      modified_at: issued,
      invoice_number: 'INV-88',
      contact_id: 7,
      date: issued,
      due_date: null,
      total: '60.00',
      total_tax: '10.00',
      amount_paid: '0',
      ...fields,
    });
  const line = (id: number, invoiceId: number, fields: Record<string, unknown> = {}) =>
    invoiceLineSchema.parse({
      id,
      active: true,
      modified_at: issued,
      invoice_id: invoiceId,
      animal_id: 9,
      name: 'Consultation',
      quantity: 1,
      price: '50.00',
      tax_rate: '20',
      total: '60.00',
      ...fields,
    });

  it('takes each invoice’s own lines and its status from what was paid', () => {
    const { rows, refused } = ezyvetInvoiceRows(
      [invoice(), invoice({ id: 301, amount_paid: '20.00' }), invoice({ id: 302, amount_paid: '60.00' })],
      [line(2, 300), line(5, 301), line(6, 302), line(1, 999)],
      'PRAC-0001',
    );
    expect(pathsOf(refused)).toEqual([]);
    expect(rows['invoices.csv'].map((row) => [row.invoice_ref, row.status, row.amount_paid])).toEqual([
      ['300', 'issued', '0.00'],
      ['301', 'part_paid', '20.00'],
      ['302', 'paid', '60.00'],
    ]);
    expect(rows['invoices.csv'][0]).toMatchObject({
      title: 'Invoice INV-88',
      issued_on: '2026-11-27',
      due_on: '',
    });
    expect(rows['invoice_lines.csv'].map((row) => [row.invoice_ref, row.line_no])).toEqual([
      ['300', '1'],
      ['301', '1'],
      ['302', '1'],
    ]);
  });

  it('refuses an invoice whose line has no quantity above zero', () => {
    const { rows, refused } = ezyvetInvoiceRows([invoice()], [line(2, 300, { quantity: '-1' })], 'PRAC-0001');
    expect(rows['invoices.csv']).toEqual([]);
    expect(pathsOf(refused)).toEqual([['300', ['items[0].quantity']]]);
  });
});
