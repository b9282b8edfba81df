'use client';

import { EndManageLinks } from '@/features/appointments/components/end-manage-links';
import { SessionsList } from '@/features/sessions/components/sessions-list';
import type { SessionList } from '@/shared/auth-session/session-list';
import { Container } from '@/shared/ui/container';
import { TextLink } from '@/shared/ui/text-link';
import typography from '@/shared/ui/typography.module.css';
import styles from './sessions-view.module.css';

/**
 * Where you are signed in (/client-detail/sessions), and beside it the links of appointment e-mails and
 * texts, which act on an appointment without signing in (decision 0095).
 */
export function SessionsView({ initial }: { initial: SessionList | null }) {
  return (
    <Container maxWidth="sm" spacing="page">
      <h1 className={typography.gutterBottom}>Where you are signed in</h1>
      <p className={styles.intro}>
        These are the browsers and devices signed in to your account, as each browser describes itself. If you
        do not recognise one, sign out of the others and change your password.
      </p>
      <SessionsList initial={initial} />
      <EndManageLinks />
      <p className={styles.back}>
        <TextLink href="/client-detail">Back to your details</TextLink>
      </p>
    </Container>
  );
}
