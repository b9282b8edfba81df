import type { Metadata } from 'next';
import { getRequestServerConfig } from '@/config/request-config';
import { pageMetadata } from '@/shared/page-metadata';
import { Container } from '@/shared/ui/container';
import { TextLink } from '@/shared/ui/text-link';
import typography from '@/shared/ui/typography.module.css';
// Laid out as the error screen (R2.18): a centred message.
import styles from '@/shared/components/error-screen.module.css';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Closed for maintenance');

/**
 * What every page answers while MAINTENANCE=on (proxy.ts, decision 0073), with status 503 and
 * Retry-After. Outside maintenance the proxy sends /maintenance on to the portal.
 */
export default async function MaintenancePage() {
  const { links } = await getRequestServerConfig();
  return (
    <Container maxWidth="sm" className={styles.root}>
      <h1 className={typography.gutterBottom}>We are carrying out planned maintenance</h1>
      <p className={styles.message}>
        The portal is closed for a short while. Please try again in a few minutes: nothing you saved before is
        lost.
      </p>
      <p>
        If your pet needs urgent care, call your practice or find{' '}
        <TextLink href={links.emergencyVets} external>
          24-hour emergency vets
        </TextLink>
        .
      </p>
    </Container>
  );
}
