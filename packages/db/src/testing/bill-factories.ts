import { randomUUID } from 'node:crypto';
import { lineAmounts, type VatRate } from '@vet/contracts/bill-rules';
import type { Database } from '../connection.ts';
import {
  practiceEstimateLines,
  practiceEstimates,
  practiceInvoiceLines,
  practiceInvoices,
} from '../schema/bills.ts';

/** One line as a test writes it: pounds-free, whole pence; quantity as a decimal string ("2.5"). */
export interface TestLine {
  description?: string;
  quantity?: string;
  unitPricePence: number;
  vatRate?: VatRate;
  petId?: number | null;
}

const thousandths = (quantity: string) => Math.round(Number(quantity) * 1000);

/** Lines with their totals worked out as the rules do, and the bill's total and VAT from them. */
function withTotals(lines: readonly TestLine[]) {
  const rows = lines.map((line, index) => {
    const quantity = line.quantity ?? '1';
    const vatRate = line.vatRate ?? 'standard';
    const amounts = lineAmounts(thousandths(quantity), line.unitPricePence, vatRate);
    return {
      lineNo: index + 1,
      description: line.description ?? `Item ${index + 1}`,
      quantity,
      unitPricePence: line.unitPricePence,
      vatRate,
      petId: line.petId ?? null,
      totalPence: amounts.totalPence,
      vat: amounts.vatPence,
    };
  });
  const totalPence = rows.reduce((sum, row) => sum + row.totalPence, 0);
  const vatPence = rows.reduce((sum, row) => sum + row.vat, 0);
  return { rows: rows.map(({ vat: _vat, ...row }) => row), totalPence, vatPence };
}

type EstimateValues = Partial<typeof practiceEstimates.$inferInsert> & {
  practiceId: number;
  clientId: number;
};

/** An estimate with its lines, as the practice system would send it. */
export async function createEstimate(db: Database, values: EstimateValues, lines: readonly TestLine[]) {
  const { rows, totalPence, vatPence } = withTotals(lines);
  const [estimate] = await db
    .insert(practiceEstimates)
    .values({
      pmsRef: `EST-${randomUUID().slice(0, 8)}`,
      issuedOn: '2026-11-20',
      totalPence,
      vatPence,
      ...values,
    })
    .returning();
  if (!estimate) throw new Error('estimate not inserted');
  await db.insert(practiceEstimateLines).values(rows.map((row) => ({ ...row, estimateId: estimate.id })));
  return estimate;
}

type InvoiceValues = Partial<typeof practiceInvoices.$inferInsert> & { practiceId: number; clientId: number };

/** An invoice with its lines, as the practice system would send it. */
export async function createInvoice(db: Database, values: InvoiceValues, lines: readonly TestLine[]) {
  const { rows, totalPence, vatPence } = withTotals(lines);
  const [invoice] = await db
    .insert(practiceInvoices)
    .values({
      pmsRef: `INV-${randomUUID().slice(0, 8)}`,
      issuedOn: '2026-11-20',
      totalPence,
      vatPence,
      ...values,
    })
    .returning();
  if (!invoice) throw new Error('invoice not inserted');
  await db.insert(practiceInvoiceLines).values(rows.map((row) => ({ ...row, invoiceId: invoice.id })));
  return invoice;
}
