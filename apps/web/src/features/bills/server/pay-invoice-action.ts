'use server';

import { startedPaymentSchema } from '@vet/contracts/payments';
import { redirect } from 'next/navigation';
import { postToApiOnServer } from '@/shared/bff/server-api';
import { billIdOf } from '@/features/bills/api/bills-first-data';

/**
 * "Pay £X now" on a bill (issue 64, decision 0157): a server action, so the bill's page stays drawn on the
 * server with no API call from the browser. The amount is the one the owner was shown; the API refuses it
 * if the bill changed. Success goes to the provider's hosted page; a refusal comes back to the bill with
 * its code, which the page says in words.
 */
export async function payInvoice(formData: FormData): Promise<void> {
  const given = formData.get('invoiceId');
  const invoiceId = billIdOf(typeof given === 'string' ? given : null);
  const amountPence = Number(formData.get('amountPence'));
  if (invoiceId === null) redirect('/bills');
  const result = await postToApiOnServer(
    ['v2', 'bills', 'invoices', String(invoiceId), 'payment'],
    { amountPence },
    startedPaymentSchema,
  );
  if (result.status === 201 && result.data) redirect(result.data.checkoutUrl);
  const why = result.code ?? (result.status === 404 ? 'not_found' : 'unavailable');
  redirect(`/bills/invoices/${invoiceId}?payError=${encodeURIComponent(why)}`);
}
