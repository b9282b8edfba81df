import {
  billsSummarySchema,
  invoiceDetailSchema,
  type BillsSummary,
  type InvoiceDetail,
} from '@vet/contracts/bills';
import { paymentSchema, type Payment } from '@vet/contracts/payments';
import { getFromApiOnServer } from '@/shared/bff/server-api';
import { billIdOf } from './bills-first-data';

/**
 * GET /v2/bills/invoices/{id} while the bill's page is drawn on the server: 'not-found' for an id that is
 * not the client's (missing, another client's, not an id: the API answers 404 alike); undefined when it
 * cannot be known there (the API unreachable), which the page says.
 */
export async function getInvoiceOnServer(id: string): Promise<InvoiceDetail | 'not-found' | undefined> {
  const invoiceId = billIdOf(id);
  if (invoiceId === null) return 'not-found';
  const { status, data } = await getFromApiOnServer(
    ['v2', 'bills', 'invoices', String(invoiceId)],
    invoiceDetailSchema,
  );
  return status === 404 ? 'not-found' : data;
}

/** GET /v2/bills/summary for the dashboard: what waits for an answer and what is unpaid. */
export async function getBillsSummaryOnServer(): Promise<BillsSummary | undefined> {
  return (await getFromApiOnServer(['v2', 'bills', 'summary'], billsSummarySchema)).data;
}

/** GET /v2/payments/{id} on the way back from the payment page; undefined for no id or none of the client's. */
export async function getPaymentOnServer(id: string | null): Promise<Payment | undefined> {
  const paymentId = billIdOf(id);
  if (paymentId === null) return undefined;
  return (await getFromApiOnServer(['v2', 'payments', String(paymentId)], paymentSchema)).data;
}
