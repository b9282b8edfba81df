'use client';

import { useEndManageLinks } from '@/features/appointments/api/manage-link';
import { AppAlert } from '@/shared/components/app-alert';
import { Button } from '@/shared/ui/button';
import styles from './end-manage-links.module.css';

/** What ending the links did, in words: how many upcoming appointments' links stopped working. */
function endedText(ended: number): string {
  if (ended === 0) return 'You have no upcoming appointments, so no link was working.';
  const appointments = ended === 1 ? 'your upcoming appointment' : `your ${ended} upcoming appointments`;
  return `The links we sent for ${appointments} no longer work. The next e-mail or reminder about an appointment brings a new link.`;
}

/**
 * Security round three, finding 3 (decision 0095): beside where the person is signed in, a way to end
 * the links in the appointment e-mails and texts already sent (a phone lost, a shared inbox). One press;
 * the answer says what happened.
 */
export function EndManageLinks() {
  const end = useEndManageLinks();
  return (
    <section aria-labelledby="end-manage-links-heading" className={styles.section}>
      <h2 id="end-manage-links-heading" className={styles.heading}>
        Links in appointment e-mails and texts
      </h2>
      <p>
        Each appointment e-mail, reminder and text has a link that confirms or cancels that appointment
        without signing in. If someone else may have one, end them all: the links already sent stop working at
        once.
      </p>
      {end.isSuccess && (
        <AppAlert severity="success" title="Your appointment links have ended">
          {endedText(end.data.ended)}
        </AppAlert>
      )}
      {end.isError && (
        <AppAlert severity="error">We could not end your appointment links. Please try again.</AppAlert>
      )}
      <div>
        <Button variant="outlined" loading={end.isPending} onClick={() => end.mutate()}>
          End my appointment links
        </Button>
      </div>
    </section>
  );
}
