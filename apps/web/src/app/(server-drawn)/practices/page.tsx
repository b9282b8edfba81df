import type { Metadata } from 'next';
import { PracticeList, type ListedPractice } from '@/features/practices/components/practice-list';
import { onlinePracticesForPage } from '@/features/practices/server/online-practices-for-page';
import { practicePricesForPage } from '@/features/practices/server/practice-prices-for-page';
import { pageMetadata } from '@/shared/page-metadata';
import { Container } from '@/shared/ui/container';
import typography from '@/shared/ui/typography.module.css';
import styles from './page.module.css';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Practice list');

/**
 * The practice list (R2.1), public, drawn on the server (decisions 0031, 0118): the list, and each
 * practice's owner and prices (decision 0104), from answers kept a minute for every visitor.
 */
export default async function PracticesPage() {
  const practices = await onlinePracticesForPage();
  const listed: ListedPractice[] | undefined =
    practices &&
    (await Promise.all(
      practices.map(async (practice) => ({ practice, prices: await practicePricesForPage(practice.id) })),
    ));
  return (
    <Container maxWidth="lg" spacing="roomy">
      <h1 className={typography.gutterBottom}>Practice list</h1>
      <p className={styles.intro}>
        These practices offer online services. Call your practice if you have a question about your pet.
      </p>
      <PracticeList practices={listed} />
    </Container>
  );
}
