import type { Metadata } from 'next';
import { OnboardingLayout } from '@/features/onboarding/components/onboarding-layout';
import { pageMetadata } from '@/shared/page-metadata';
import { ManageView } from './_components/manage-view';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Manage your appointment');

/**
 * /manage#<token> (R2.39, decision 0084): the manage link of an appointment's e-mails. Public: the
 * token is the key, read from the fragment in the browser (never sent with the page's request), and only
 * a press acts (decision 0059): opening the page, as a mail scanner does, changes nothing.
 */
export default function ManagePage() {
  return (
    <OnboardingLayout title="Manage your appointment">
      <ManageView />
    </OnboardingLayout>
  );
}
