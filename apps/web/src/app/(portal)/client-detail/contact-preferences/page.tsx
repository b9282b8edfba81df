import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { contactPreferencesFirstData } from '@/features/client-details/api/client-details-first-data';
import { getProfileOnServer } from '@/features/profile/api/get-profile-on-server';
import { pageMetadata } from '@/shared/page-metadata';
import { ContactPreferencesView } from './_components/contact-preferences-view';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Contact preferences');

/**
 * Contact preferences (/client-detail/contact-preferences, R2.1): signed-in clients only; the client's
 * preferences are in the first HTML (decision 0031).
 */
export default async function ContactPreferencesPage() {
  return (
    <RequireAuth>
      <HydrationBoundary
        state={await contactPreferencesFirstData((await getProfileOnServer())?.activationStatus)}
      >
        <ContactPreferencesView />
      </HydrationBoundary>
    </RequireAuth>
  );
}
