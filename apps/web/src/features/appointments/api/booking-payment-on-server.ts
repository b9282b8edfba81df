import { serialIdParam } from '@vet/contracts/ids';
import { paymentSchema, type Payment } from '@vet/contracts/payments';
import { getFromApiOnServer, postToApiOnServer } from '@/shared/bff/server-api';

/**
 * The return page's first read (issue 64), on the server: 'not-found' for an id that is not one of this
 * client's booking payments (missing, another client's, a bill's, not an id: all alike); undefined when the
 * API cannot be reached, which the page says.
 */
export async function getBookingPaymentOnServer(
  id: string,
  { cancelled }: { cancelled: boolean },
): Promise<Payment | 'not-found' | undefined> {
  const parsed = serialIdParam.safeParse(id);
  if (!parsed.success) return 'not-found';
  const path = ['v2', 'payments', String(parsed.data)];
  // Back from the provider's page without paying: its page is closed and the time released. A second
  // cancel (a reload) answers the payment as it stands; a refusal (the provider down) falls back to the
  // plain read. A write on a GET, as the provider's Back link is one: a link planted elsewhere can do no
  // more than close an unpaid page of the signed-in client's own, which the sweep would close anyway.
  const closed = cancelled ? await postToApiOnServer([...path, 'cancel'], {}, paymentSchema) : undefined;
  const read = closed?.data ? closed : await getFromApiOnServer(path, paymentSchema);
  if (read.status === 404 || (read.data && read.data.booking === null)) return 'not-found';
  return read.data;
}
