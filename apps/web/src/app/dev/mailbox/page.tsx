import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { Metadata } from 'next';
import { DevMailbox } from '@/features/dev-mailbox/components/dev-mailbox';
import { pageMetadata } from '@/shared/page-metadata';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Development mailbox');

/** R4.26: the e-mails a local portal keeps (the API answers 404 in production, and the page says so). */
export default function DevMailboxPage() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" gutterBottom>
        Development mailbox
      </Typography>
      <DevMailbox />
    </Container>
  );
}
