import type { Metadata } from 'next';
import type { ComplaintPractice } from '@/features/complaints/components/complaint-practice';
import { ComplaintsContent } from '@/features/complaints/components/complaints-content';
import { serverSession } from '@/features/auth/server/server-session';
import { getHomePracticeOnServer } from '@/features/practices/api/get-home-practice-on-server';
import { onlinePracticesForPage } from '@/features/practices/server/online-practices-for-page';
import { practicePricesForPage } from '@/features/practices/server/practice-prices-for-page';
import { pageMetadata } from '@/shared/page-metadata';
import { Container } from '@/shared/ui/container';
import typography from '@/shared/ui/typography.module.css';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Complaints');

/**
 * The complaints page (decision 0143), public and drawn on the server like the practice list (decision
 * 0118): the group's process, each practice's contact and owner from the answers /practices keeps a
 * minute, the signed-in client's home practice first.
 */
export default async function ComplaintsPage() {
  const [listed, homePractice] = await Promise.all([
    onlinePracticesForPage(),
    (await serverSession()) ? getHomePracticeOnServer() : undefined,
  ]);
  const practices: ComplaintPractice[] | undefined =
    listed &&
    (await Promise.all(
      listed.map(async (practice) => ({
        ...practice,
        ownerName: (await practicePricesForPage(practice.id))?.ownerName ?? null,
      })),
    ));
  return (
    <Container maxWidth="lg" spacing="roomy">
      <h1 className={typography.gutterBottom}>Complaints</h1>
      <ComplaintsContent homePractice={homePractice} practices={practices} />
    </Container>
  );
}
