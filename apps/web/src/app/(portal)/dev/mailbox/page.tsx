import type { Metadata } from 'next';
import { DevMailbox } from '@/features/dev-mailbox/components/dev-mailbox';
import { pageMetadata } from '@/shared/page-metadata';
import { Container } from '@/shared/ui/container';
import typography from '@/shared/ui/typography.module.css';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Development mailbox');

/** R4.26: the e-mails a local portal keeps (the API answers 404 in production, and the page says so). */
export default function DevMailboxPage() {
  return (
    <Container maxWidth="lg" spacing="roomy">
      <h1 className={typography.gutterBottom}>Development mailbox</h1>
      <DevMailbox />
    </Container>
  );
}
