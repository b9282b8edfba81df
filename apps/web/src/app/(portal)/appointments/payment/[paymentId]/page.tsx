import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { serverSession } from '@/features/auth/server/server-session';
import { getBookingPaymentOnServer } from '@/features/appointments/api/booking-payment-on-server';
import { BookingPaymentReturn } from '@/features/appointments/components/booking-payment-return';
import { LoadError } from '@/shared/components/load-error';
import { firstValue, pageMetadata } from '@/shared/page-metadata';
import { Container } from '@/shared/ui/container';
import styles from './page.module.css';

type PaymentPageProps = {
  params: Promise<{ paymentId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Book an appointment');

/**
 * Where the provider's page sends the owner back after a deposit or card hold (/appointments/payment/{id},
 * issue 64): success, or ?cancelled=1 from its Back link, which closes the page and releases the time
 * before the payment is read. Another client's payment, a bill's or a bad id is the 404.
 */
export default async function BookingPaymentPage({ params, searchParams }: PaymentPageProps) {
  const { paymentId } = await params;
  const query = await searchParams;
  // Signed out: RequireAuth sends the person to sign in and back here; nothing is asked for.
  if (!(await serverSession())) return <RequireAuth>{null}</RequireAuth>;
  const cancelled = firstValue(query.cancelled) === '1';
  const payment = await getBookingPaymentOnServer(paymentId, { cancelled });
  if (payment === 'not-found') notFound();
  return (
    <RequireAuth>
      <Container maxWidth="md" spacing="page">
        <h1 className={styles.title}>Book an appointment</h1>
        {payment ? (
          <BookingPaymentReturn initial={payment} />
        ) : (
          <LoadError
            message="We could not load your payment. Nothing is taken twice if you try again."
            retryHref={`/appointments/payment/${encodeURIComponent(paymentId)}${cancelled ? '?cancelled=1' : ''}`}
          />
        )}
      </Container>
    </RequireAuth>
  );
}
