import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { serverSession } from '@/features/auth/server/server-session';
import { getInvoiceOnServer, getPaymentOnServer } from '@/features/bills/api/bills-on-server';
import { PayForm, PaymentNotice } from '@/features/bills/components/invoice-payment';
import { InvoiceView } from '@/features/bills/components/invoice-view';
import { LoadError } from '@/shared/components/load-error';
import { firstValue, pageMetadata } from '@/shared/page-metadata';
import { Container } from '@/shared/ui/container';

type InvoicePageProps = {
  params: Promise<{ invoiceId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Bill');

/**
 * One bill (/bills/invoices/{id}, issue 63), drawn whole on the server (decisions 0118, 0135): nothing on
 * it reads the API from the browser, only Print runs there. An id that is not the client's is the 404.
 */
export default async function InvoicePage({ params, searchParams }: InvoicePageProps) {
  const { invoiceId } = await params;
  const query = await searchParams;
  // Signed out: RequireAuth sends the person to sign in; nothing is asked for.
  if (!(await serverSession())) return <RequireAuth>{null}</RequireAuth>;
  // Back from the payment page (issue 64): where the payment stands, checked with the provider first,
  // so the bill read after it shows what that payment settled.
  const payment = await getPaymentOnServer(firstValue(query.payment));
  const invoice = await getInvoiceOnServer(invoiceId);
  if (invoice === 'not-found') notFound();
  return (
    <RequireAuth>
      {invoice ? (
        <InvoiceView
          invoice={invoice}
          notice={
            <PaymentNotice
              payment={payment}
              cancelled={firstValue(query.cancelled) === '1'}
              payError={firstValue(query.payError)}
            />
          }
          payment={<PayForm invoice={invoice} />}
        />
      ) : (
        <Container maxWidth="md" spacing="page">
          <h1>Bill</h1>
          <LoadError
            message="We could not load this bill."
            retryHref={`/bills/invoices/${encodeURIComponent(invoiceId)}`}
          />
        </Container>
      )}
    </RequireAuth>
  );
}
