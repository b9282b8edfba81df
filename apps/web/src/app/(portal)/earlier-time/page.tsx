import type { Metadata } from 'next';
import { OnboardingLayout } from '@/features/onboarding/components/onboarding-layout';
import { pageMetadata } from '@/shared/page-metadata';
import { EarlierTimeView } from './_components/earlier-time-view';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('An earlier time');

/**
 * /earlier-time#<token> (R2.41, decision 0086): the link of an earlier-time offer's e-mail. Public: the
 * token is the key, read from the fragment in the browser, and only a press acts (decision 0059).
 */
export default function EarlierTimePage() {
  return (
    <OnboardingLayout title="An earlier time">
      <EarlierTimeView />
    </OnboardingLayout>
  );
}
