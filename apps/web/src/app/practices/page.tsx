import { HydrationBoundary } from '@tanstack/react-query';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { Metadata } from 'next';
import { PracticeList } from '@/features/practices/components/practice-list';
import { onlinePracticesFirstData } from '@/features/practices/server/online-practices-first-data';
import { pageMetadata } from '@/shared/page-metadata';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Practice list');

/**
 * The practice list (R2.1), public: the list comes with the page (decisions 0031, 0046), from the answer
 * kept a minute for every visitor.
 */
export default async function PracticesPage() {
  const firstData = await onlinePracticesFirstData();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" gutterBottom>
        Practice list
      </Typography>
      <Typography sx={{ mb: 4, maxWidth: '60ch' }}>
        These practices offer online services. Call your practice if you have a question about your pet.
      </Typography>
      <HydrationBoundary state={firstData}>
        <PracticeList />
      </HydrationBoundary>
    </Container>
  );
}
