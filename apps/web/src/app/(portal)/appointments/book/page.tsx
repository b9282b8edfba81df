import type { Metadata } from 'next';
import { Suspense } from 'react';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { pageMetadata } from '@/shared/page-metadata';
import { BookView } from './_components/book-view';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Book an appointment');

/** Book an appointment (/appointments/book?petId, R2.1), and change one (?change=1&appointmentId). */
export default function BookPage() {
  return (
    <RequireAuth>
      {/* The steps are read from the address (useSearchParams). */}
      <Suspense>
        <BookView />
      </Suspense>
    </RequireAuth>
  );
}
