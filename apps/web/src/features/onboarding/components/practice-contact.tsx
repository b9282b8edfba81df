import { TextLink } from '@/shared/ui/text-link';
import { telephoneHref } from '@/shared/telephone-href';
import styles from './practice-contact.module.css';

/** "Please call {practice} on {phone}", the phone a tap-to-call link; plainer when either is unknown. */
export function PracticeContact({ name, phone }: { name: string | null; phone: string | null }) {
  const practice = name ?? 'your practice';
  if (!phone) return <p>Please contact {practice} for help.</p>;
  return (
    <p>
      Please call {practice} on{' '}
      <TextLink href={telephoneHref(phone)} className={styles.phone}>
        {phone}
      </TextLink>
      .
    </p>
  );
}
