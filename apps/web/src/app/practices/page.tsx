import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { PracticeList } from '@/features/practices/components/practice-list';
import { onlinePracticesFirstData } from '@/features/practices/server/online-practices-first-data';
import { pageMetadata } from '@/shared/page-metadata';
import { Container } from '@/shared/ui/container';
import typography from '@/shared/ui/typography.module.css';
import styles from './page.module.css';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Practice list');

/**
 * The practice list (R2.1), public: the list comes with the page (decisions 0031, 0046), from the answer
 * kept a minute for every visitor.
 */
export default async function PracticesPage() {
  const firstData = await onlinePracticesFirstData();
  return (
    <Container maxWidth="lg" spacing="roomy">
      <h1 className={typography.gutterBottom}>Practice list</h1>
      <p className={styles.intro}>
        These practices offer online services. Call your practice if you have a question about your pet.
      </p>
      <HydrationBoundary state={firstData}>
        <PracticeList />
      </HydrationBoundary>
    </Container>
  );
}
