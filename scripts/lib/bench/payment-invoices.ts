import type pg from 'pg';
import type { BenchClient } from './bench-clients.ts';
import { send, type PlannedRequest } from './open-loop.ts';

/** A linked client's unpaid bill: what `POST /v2/bills/invoices/{id}/payment` is asked to pay. */
export interface UnpaidInvoice {
  client: BenchClient;
  invoiceId: number;
  duePence: number;
}

/**
 * One unpaid invoice of three lines (£30 + VAT, as bench:bills' seedBills makes them) for each client, so
 * every start of a payment makes a new payment and a new Checkout Session. `tag` keeps pms_refs unique
 * between the bench's groups of clients.
 */
export async function seedUnpaidInvoices(
  pool: pg.Pool,
  clients: readonly BenchClient[],
  tag: string,
): Promise<UnpaidInvoice[]> {
  const { rows } = await pool.query<{ id: number; client_id: number; due: number }>(
    `insert into practice_invoices (pms_ref, practice_id, client_id, title, issued_on, total_pence, vat_pence)
     select 'pay-' || $2::text || '-' || c.id, c.home_practice_id, c.id, 'Visit', current_date, 3600, 600
     from clients c where c.id = any($1::int[])
     returning id, client_id, total_pence - paid_pence as due`,
    [clients.map((client) => client.clientId), tag],
  );
  await pool.query(
    `insert into practice_invoice_lines (invoice_id, line_no, pet_id, description, quantity, unit_price_pence, vat_rate, total_pence)
     select i.id, l, (select min(p.id) from pets p where p.client_id = i.client_id), 'Item ' || l, 1, 1000,
       'standard', 1200
     from practice_invoices i cross join generate_series(1, 3) l where i.id = any($1::int[])`,
    [rows.map((row) => row.id)],
  );
  const byClient = new Map(rows.map((row) => [row.client_id, row]));
  return clients.map((client) => {
    const row = byClient.get(client.clientId)!;
    return { client, invoiceId: row.id, duePence: row.due };
  });
}

/** The owner's press of "Pay": the amount due they were shown, as their client. */
export const startPayment = (invoice: UnpaidInvoice): PlannedRequest => ({
  method: 'POST',
  path: `/v2/bills/invoices/${invoice.invoiceId}/payment`,
  headers: { authorization: invoice.client.authorization },
  body: { amountPence: invoice.duePence },
});

/** Starts a payment for each invoice, a few at a time and untimed; returns each started payment. */
export async function startPayments(
  apiUrl: string,
  invoices: readonly UnpaidInvoice[],
): Promise<{ paymentId: number; checkoutUrl: string }[]> {
  const started: { paymentId: number; checkoutUrl: string }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < invoices.length) {
        const answer = await send(apiUrl, startPayment(invoices[next++]!));
        if (answer.status !== 201)
          throw new Error(`starting a payment answered ${answer.status}: ${answer.body}`);
        started.push(JSON.parse(answer.body) as { paymentId: number; checkoutUrl: string });
      }
    }),
  );
  return started;
}
