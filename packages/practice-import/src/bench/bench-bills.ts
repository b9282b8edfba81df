import { lineAmounts, type VatRate } from '@vet/contracts/bill-rules';
import { addDays } from '@vet/contracts/practice-clock';
import type { ExportRow } from '../demo/export-files.ts';
import { poundsOf } from '../kinds/bill-cells.ts';
import { petsOf, type BenchPlan } from './bench-records.ts';
import { benchCounts, benchRef } from './bench-shape.ts';

/**
 * invoices.csv and invoice_lines.csv at scale (issue 63's bench: a million invoice lines): each client's
 * invoices in turn, four lines each (the last bill the rest): a consultation and a medicine for one of
 * its pets, a practice fee and a discount; every total adds up as the import checks it (lineAmounts).
 */
const LINES: readonly {
  description: string;
  pence: number;
  quantity: string;
  rate: VatRate;
  pet: boolean;
}[] = [
  { description: 'Consultation', pence: 4_500, quantity: '1', rate: 'standard', pet: true },
  {
    description: 'Meloxicam 1.5 mg/ml oral suspension',
    pence: 1_215,
    quantity: '2.5',
    rate: 'standard',
    pet: true,
  },
  { description: 'Clinical waste fee', pence: 250, quantity: '1', rate: 'reduced', pet: false },
  { description: 'Loyalty discount', pence: -450, quantity: '1', rate: 'standard', pet: false },
];

export const benchInvoiceRef = (n: number) => `INV-${String(n).padStart(8, '0')}`;

/** The invoices' count for `lines` lines: four a bill, the last bill with the rest. */
export const benchInvoiceCount = (lines: number) => Math.ceil(lines / LINES.length);

function invoiceOf({ shape }: BenchPlan, n: number) {
  const { clients } = benchCounts(shape);
  const client = ((n - 1) % clients) + 1;
  const pets = petsOf(clients, client);
  return {
    client,
    practice: Math.floor((client - 1) / shape.clientsPerPractice) + 1,
    pet: pets[Math.floor((n - 1) / clients) % pets.length]!,
  };
}

function* linesOf(plan: BenchPlan, n: number, count: number) {
  const { pet } = invoiceOf(plan, n);
  for (let i = 0; i < count; i += 1) {
    const line = LINES[i]!;
    const amounts = lineAmounts(Math.round(Number(line.quantity) * 1000), line.pence, line.rate);
    yield { line, lineNo: i + 1, pet, ...amounts };
  }
}

const linesOfInvoice = (lines: number, n: number) => Math.min(LINES.length, lines - (n - 1) * LINES.length);

export function* invoiceRows(plan: BenchPlan, lines: number): Generator<ExportRow<'invoices.csv'>> {
  for (let n = 1; n <= benchInvoiceCount(lines); n += 1) {
    const { client, practice } = invoiceOf(plan, n);
    let total = 0;
    let vat = 0;
    for (const line of linesOf(plan, n, linesOfInvoice(lines, n))) {
      total += line.totalPence;
      vat += line.vatPence;
    }
    const issuedOn = addDays(plan.anchorMonday, -1 - (n % 700));
    yield {
      invoice_ref: benchInvoiceRef(n),
      practice_ref: benchRef.practice(practice),
      client_ref: benchRef.client(client),
      clinician_ref: '',
      estimate_ref: '',
      title: 'Consultation',
      issued_on: issuedOn,
      due_on: addDays(issuedOn, 30),
      status: n % 10 === 0 ? 'issued' : 'paid',
      currency: 'GBP',
      total: poundsOf(total),
      vat: poundsOf(vat),
      amount_paid: n % 10 === 0 ? '0' : poundsOf(total),
    };
  }
}

/** Exactly `lines` lines. */
export function* invoiceLineRows(plan: BenchPlan, lines: number): Generator<ExportRow<'invoice_lines.csv'>> {
  for (let n = 1; n <= benchInvoiceCount(lines); n += 1) {
    for (const { line, lineNo, pet, totalPence } of linesOf(plan, n, linesOfInvoice(lines, n))) {
      yield {
        invoice_ref: benchInvoiceRef(n),
        line_no: String(lineNo),
        pet_ref: line.pet ? benchRef.pet(pet) : '',
        description: line.description,
        quantity: line.quantity,
        unit_price: poundsOf(line.pence),
        vat_rate: line.rate,
        total: poundsOf(totalPence),
      };
    }
  }
}
