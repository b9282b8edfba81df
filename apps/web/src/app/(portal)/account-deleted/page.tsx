import type { Metadata } from 'next';
import { pageMetadata } from '@/shared/page-metadata';
import { Container } from '@/shared/ui/container';
import { TextLink } from '@/shared/ui/text-link';
import typography from '@/shared/ui/typography.module.css';
// Laid out as the error screen (R2.18): a centred message.
import styles from '@/shared/components/error-screen.module.css';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Your online account is deleted');

/**
 * Where the person lands once their online account is deleted (decision 0080): signed out, so anyone may
 * see it; it names no one.
 */
export default function AccountDeletedPage() {
  return (
    <Container maxWidth="sm" className={styles.root}>
      <h1 className={typography.gutterBottom}>Your online account is deleted</h1>
      <p className={styles.message}>
        You are signed out everywhere. Your practice keeps your record and your pets&rsquo; history, and any
        appointment you booked still stands: call your practice to change one.
      </p>
      <p>
        Changed your mind? You can <TextLink href="/signup">sign up again</TextLink> at any time and link your
        account to your record.
      </p>
    </Container>
  );
}
