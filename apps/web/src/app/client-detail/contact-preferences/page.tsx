import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { pageMetadata } from '@/shared/page-metadata';
import { ContactPreferencesView } from './_components/contact-preferences-view';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Contact preferences');

/** Contact preferences (/client-detail/contact-preferences, R2.1): signed-in clients only. */
export default function ContactPreferencesPage() {
  return (
    <RequireAuth>
      <ContactPreferencesView />
    </RequireAuth>
  );
}
