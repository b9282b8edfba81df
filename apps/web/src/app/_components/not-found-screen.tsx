import type { Metadata } from 'next';
import { pageMetadata } from '@/shared/page-metadata';
import { ButtonAnchor } from '@/shared/ui/button-anchor';
import { Container } from '@/shared/ui/container';
import typography from '@/shared/ui/typography.module.css';
// Laid out as the error screen (R2.18): a centred message and one way on.
import styles from '@/shared/components/error-screen.module.css';

export const generateMetadata = (): Promise<Metadata> => pageMetadata('Page not found');

/**
 * "Page not found", the not-found.tsx of the root and of each route group: a missing record shows inside
 * its page's frame; an address no page answers meets (server-drawn)'s catch-all, in that group's frame.
 */
export default function NotFound() {
  return (
    <Container maxWidth="sm" className={styles.root}>
      <h1 className={typography.gutterBottom}>Page not found</h1>
      <p className={styles.message}>
        We could not find the page you were looking for. It may have moved, or the address may be mistyped.
      </p>
      <ButtonAnchor variant="contained" size="large" href="/">
        Go to the home page
      </ButtonAnchor>
    </Container>
  );
}
