import { lineAmounts, type VatRate } from '@vet/contracts/bill-rules';
import { addDays } from '@vet/contracts/practice-clock';
import { DEMO_CLIENTS } from '@vet/db/seed/data/demo-clients';
import { clinicianKey, DEMO_PRACTICES } from '@vet/db/seed/data/practices';
import { poundsOf } from '../kinds/bill-cells.ts';
import { petRefOf, type NumberedPet } from './demo-client-tables.ts';
import { refOf, type PracticeRefs } from './demo-practice-tables.ts';
import { demoRef } from './demo-references.ts';
import type { ExportRow } from './export-files.ts';

/**
 * Issue 63 (decision 0151): the first demo account's estimates and bills, one of each a client meets:
 * an estimate over £500 waiting for an answer, one accepted at the desk and the bill that settled it
 * (paid), and an unpaid bill for two pets with a discount line. Dated from the anchor Monday, so they
 * move with the demo's week.
 */
interface DemoLine {
  pet: string | null;
  description: string;
  unitPricePence: number;
  quantity?: string;
  vatRate?: VatRate;
}

interface DemoBill {
  ref: string;
  title: string;
  issuedDaysAgo: number;
  /** Days from issue to expiry (an estimate) or to the due date (an invoice). */
  validDays: number;
  status: string;
  lines: readonly DemoLine[];
}

const DEMO_ESTIMATES: readonly (DemoBill & { terms: string })[] = [
  {
    ref: 'EST-000001',
    title: 'Dental under general anaesthetic',
    issuedDaysAgo: 3,
    validDays: 30,
    status: 'proposed',
    terms:
      'This estimate is valid for 30 days. If the treatment will cost more, we ask you again before going ahead.',
    lines: [
      { pet: 'Bramble', description: 'Pre-anaesthetic blood test', unitPricePence: 6_500 },
      { pet: 'Bramble', description: 'General anaesthetic and monitoring', unitPricePence: 25_000 },
      { pet: 'Bramble', description: 'Dental scale, polish and extractions', unitPricePence: 30_000 },
      { pet: 'Bramble', description: 'Dental X-rays', unitPricePence: 9_000 },
    ],
  },
  {
    ref: 'EST-000002',
    title: 'Dental check and scale',
    issuedDaysAgo: 50,
    validDays: 30,
    status: 'accepted',
    terms: 'This estimate is valid for 30 days.',
    lines: [{ pet: 'Pickle', description: 'Dental scale and polish', unitPricePence: 20_000 }],
  },
];

const DEMO_INVOICES: readonly (DemoBill & { estimateRef: string; paid: boolean })[] = [
  {
    ref: 'INV-000001',
    title: 'Dental check and scale',
    issuedDaysAgo: 43,
    validDays: 14,
    status: 'paid',
    estimateRef: 'EST-000002',
    paid: true,
    lines: [{ pet: 'Pickle', description: 'Dental scale and polish', unitPricePence: 20_000 }],
  },
  {
    ref: 'INV-000002',
    title: 'Vaccination and health check',
    issuedDaysAgo: 5,
    validDays: 30,
    status: 'issued',
    estimateRef: '',
    paid: false,
    lines: [
      { pet: 'Bramble', description: 'Annual booster vaccination', unitPricePence: 4_500 },
      { pet: 'Clover', description: 'Rabbit health check', unitPricePence: 3_500 },
      { pet: 'Clover', description: 'Hay-based rabbit food, 2.5 kg', unitPricePence: 480, vatRate: 'zero' },
      { pet: null, description: 'Multi-pet discount', unitPricePence: -800 },
    ],
  },
];

/** A bill's lines with their totals (lineAmounts), and the bill's total and VAT from them. */
function priced(bill: DemoBill) {
  const lines = bill.lines.map((line) => {
    const quantity = line.quantity ?? '1';
    const rate = line.vatRate ?? 'standard';
    const amounts = lineAmounts(Math.round(Number(quantity) * 1000), line.unitPricePence, rate);
    return { ...line, quantity, rate, ...amounts };
  });
  return {
    lines,
    total: lines.reduce((sum, l) => sum + l.totalPence, 0),
    vat: lines.reduce((sum, l) => sum + l.vatPence, 0),
  };
}

const lineRow =
  (pets: readonly NumberedPet[]) => (line: ReturnType<typeof priced>['lines'][number], i: number) => ({
    line_no: String(i + 1),
    pet_ref: line.pet === null ? '' : petRefOf(pets, 0, line.pet),
    description: line.description,
    quantity: line.quantity,
    unit_price: poundsOf(line.unitPricePence),
    vat_rate: line.rate,
    total: poundsOf(line.totalPence),
  });

/** The first demo client's practice and its first vet, who issued them all. */
function issuer(refs: PracticeRefs) {
  const owner = DEMO_CLIENTS[0]!;
  const practice = DEMO_PRACTICES.find((p) => p.name === owner.practice);
  const vet = practice?.clinicians.find((c) => c.type === 'Vet');
  if (!practice || !vet) throw new Error('The first demo client’s practice has a vet');
  return {
    practice_ref: refOf(refs.practices, practice.name),
    client_ref: demoRef.client(1),
    clinician_ref: refOf(refs.clinicians, clinicianKey(practice.name, vet)),
  };
}

export function billTables(refs: PracticeRefs, pets: readonly NumberedPet[], today: string) {
  const by = issuer(refs);
  const toLine = lineRow(pets);
  const estimates: ExportRow<'estimates.csv'>[] = [];
  const estimateLines: ExportRow<'estimate_lines.csv'>[] = [];
  for (const e of DEMO_ESTIMATES) {
    const { lines, total, vat } = priced(e);
    const issuedOn = addDays(today, -e.issuedDaysAgo);
    estimates.push({
      estimate_ref: e.ref,
      ...by,
      title: e.title,
      issued_on: issuedOn,
      expires_on: addDays(issuedOn, e.validDays),
      status: e.status,
      currency: 'GBP',
      total: poundsOf(total),
      vat: poundsOf(vat),
      terms: e.terms,
    });
    estimateLines.push(...lines.map((line, i) => ({ estimate_ref: e.ref, ...toLine(line, i) })));
  }
  const invoices: ExportRow<'invoices.csv'>[] = [];
  const invoiceLines: ExportRow<'invoice_lines.csv'>[] = [];
  for (const inv of DEMO_INVOICES) {
    const { lines, total, vat } = priced(inv);
    const issuedOn = addDays(today, -inv.issuedDaysAgo);
    invoices.push({
      invoice_ref: inv.ref,
      ...by,
      estimate_ref: inv.estimateRef,
      title: inv.title,
      issued_on: issuedOn,
      due_on: addDays(issuedOn, inv.validDays),
      status: inv.status,
      currency: 'GBP',
      total: poundsOf(total),
      vat: poundsOf(vat),
      amount_paid: poundsOf(inv.paid ? total : 0),
    });
    invoiceLines.push(...lines.map((line, i) => ({ invoice_ref: inv.ref, ...toLine(line, i) })));
  }
  return {
    'estimates.csv': estimates,
    'estimate_lines.csv': estimateLines,
    'invoices.csv': invoices,
    'invoice_lines.csv': invoiceLines,
  };
}
