import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { Metadata } from 'next';
import { PracticeList } from '@/features/practices/components/practice-list';
import { onlinePracticesForPage } from '@/features/practices/server/online-practices-for-page';
import { pageMetadata } from '@/shared/page-metadata';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Practice list');

export default async function PracticesPage() {
  const practices = await onlinePracticesForPage();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" gutterBottom>
        Practice list
      </Typography>
      <Typography sx={{ mb: 4, maxWidth: '60ch' }}>
        These practices offer online services. Call your practice if you have a question about your pet.
      </Typography>
      <PracticeList initialPractices={practices} />
    </Container>
  );
}
