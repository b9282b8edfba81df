import { urgentNote } from '@vet/contracts/message-rules';
import type { MessagingPractice } from '@vet/contracts/messages';
import { AppAlert } from '@/shared/components/app-alert';
import { PracticeCallLink } from '@/shared/components/practice-phone';
import { EmergencyLink } from '@/shared/layout/emergency-link';
import { answerTimeWords, openingHoursRows } from '@/features/messages/message-text';
import styles from './messages.module.css';

/**
 * What the owner is told before writing (issue 66), every time: messages are not for emergencies, the
 * number to call and the 24-hour emergency vets, then how soon the practice answers and its hours. A
 * practice that takes no messages online gets the call advice only.
 */
export function BeforeWriting({
  practice,
  emergencyHref,
  headingLevel = 2,
}: {
  practice: MessagingPractice;
  emergencyHref: string;
  /** 3 under a section's own heading (a conversation's Reply). */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const urgent = (
    <AppAlert severity="warning" title="Urgent or unwell now? Call, do not write" className={styles.alert}>
      <p>{urgentNote}</p>
      <p>
        Call {practice.name} on <PracticeCallLink practice={practice} />. Out of hours:{' '}
        <EmergencyLink href={emergencyHref} />
      </p>
    </AppAlert>
  );
  if (practice.answerWithinHours === null)
    return (
      <section aria-labelledby="call-the-practice" className={styles.before}>
        <Heading id="call-the-practice" className="visually-hidden">
          Call the practice
        </Heading>
        <p>
          {practice.name} does not take messages online. Please call the practice on{' '}
          <PracticeCallLink practice={practice} />.
        </p>
        {urgent}
      </section>
    );
  return (
    <section aria-labelledby="before-you-write" className={styles.before}>
      <Heading id="before-you-write" className={styles.subheading}>
        Before you write
      </Heading>
      {urgent}
      <p>
        {practice.name} answers messages {answerTimeWords(practice.answerWithinHours)}.{' '}
        {practice.openNow
          ? 'The practice is open now.'
          : 'The practice is closed now: your message will be read when it opens.'}
      </p>
      <details className={styles.hours}>
        <summary>Opening hours</summary>
        <table className={styles.hoursTable}>
          <caption className="visually-hidden">Opening hours of {practice.name}</caption>
          <tbody>
            {openingHoursRows(practice.openingHours).map((row) => (
              <tr key={row.day}>
                <th scope="row">{row.day}</th>
                <td>{row.hours}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
