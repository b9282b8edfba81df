import { addDays, practiceDate } from '@vet/contracts/practice-clock';
import type { Rows } from './export-directory.ts';
import type { testGroup } from './test-group.ts';

type Group = ReturnType<typeof testGroup>;

/**
 * A test group's estimates and invoices, as four files: an estimate of two lines for two pets of the
 * first client with a discount, an invoice that settles it and one of the second client with a practice
 * fee (no pet). Every total adds up to the penny (bill-rules.ts lineAmounts).
 */
export function billRows(group: Group) {
  const { ref } = group;
  const today = practiceDate(new Date());
  const lastWeek = addDays(today, -7);
  const estimates: Rows = [
    {
      estimate_ref: ref('EST', 1),
      practice_ref: ref('PRAC', 1),
      client_ref: ref('CLI', 1),
      clinician_ref: ref('CLIN', 1),
      title: 'Dental and neutering',
      issued_on: lastWeek,
      expires_on: addDays(today, 30),
      total: '714.00',
      vat: '119.00',
      terms: 'Valid 30 days.',
    },
  ];
  const estimateLines: Rows = [
    line(
      'estimate_ref',
      ref('EST', 1),
      1,
      ref('PET', 1),
      'Dental scale and polish',
      '1',
      '545.00',
      '20',
      '654.00',
    ),
    line('estimate_ref', ref('EST', 1), 2, ref('PET', 2), 'Castration', '1', '100.00', '20', '120.00'),
    line('estimate_ref', ref('EST', 1), 3, '', 'Two-pet discount', '1', '-50.00', '20', '-60.00'),
  ];
  const invoices: Rows = [
    {
      invoice_ref: ref('INV', 1),
      practice_ref: ref('PRAC', 1),
      client_ref: ref('CLI', 1),
      estimate_ref: ref('EST', 1),
      issued_on: lastWeek,
      status: 'paid',
      total: '714.00',
      vat: '119.00',
      amount_paid: '714.00',
    },
    {
      invoice_ref: ref('INV', 2),
      practice_ref: ref('PRAC', 1),
      client_ref: ref('CLI', 2),
      clinician_ref: ref('CLIN', 1),
      issued_on: lastWeek,
      due_on: addDays(today, 14),
      total: '62.70',
      vat: '9.25',
    },
  ];
  const invoiceLines: Rows = [
    ...estimateLines.map(({ estimate_ref: _, ...row }) => ({ invoice_ref: ref('INV', 1), ...row })),
    line('invoice_ref', ref('INV', 2), 1, ref('PET', 3), 'Consultation', '1', '45.00', 'standard', '54.00'),
    line(
      'invoice_ref',
      ref('INV', 2),
      2,
      ref('PET', 3),
      'Rabbit food, 0.5 kg',
      '0.5',
      '5.00',
      'zero',
      '2.50',
    ),
    line('invoice_ref', ref('INV', 2), 3, '', 'Practice fee', '1', '5.00', 'reduced', '5.25'),
    line('invoice_ref', ref('INV', 2), 4, '', 'Insurance claim form', '1', '0.95', 'exempt', '0.95'),
  ];
  return {
    'estimates.csv': estimates,
    'estimate_lines.csv': estimateLines,
    'invoices.csv': invoices,
    'invoice_lines.csv': invoiceLines,
  };
}

function line(
  refColumn: 'estimate_ref' | 'invoice_ref',
  ref: string,
  lineNo: number,
  petRef: string,
  description: string,
  quantity: string,
  unitPrice: string,
  vatRate: string,
  total: string,
) {
  return {
    [refColumn]: ref,
    line_no: String(lineNo),
    pet_ref: petRef,
    description,
    quantity,
    unit_price: unitPrice,
    vat_rate: vatRate,
    total,
  };
}
