import { complaintSteps, vcms } from '@/features/complaints/complaints-process';
import { telephoneHref } from '@/shared/telephone-href';
import { TextLink } from '@/shared/ui/text-link';
import typography from '@/shared/ui/typography.module.css';
import { ComplaintPracticeCard, type ComplaintPractice } from './complaint-practice';
import styles from './complaints-content.module.css';

export interface ComplaintsContentProps {
  /** The signed-in client's home practice, shown first; undefined for a guest. */
  homePractice?: ComplaintPractice;
  /** Every practice; undefined when the API did not answer (the page then says to call the practice). */
  practices: ComplaintPractice[] | undefined;
}

/**
 * The complaints page's content (decision 0143): the group's process and time frames, each practice's
 * contact (the signed-in client's own first), then the Veterinary Client Mediation Service. Plain HTML
 * with no scripts of its own: lists, headings and links, so it reads the same with any assistive tool.
 */
export function ComplaintsContent({ homePractice, practices }: ComplaintsContentProps) {
  const others = practices?.filter((practice) => practice.id !== homePractice?.id);
  return (
    <>
      <p className={styles.intro}>
        If you are unhappy with the care your pet received, what you were charged or how you were treated,
        please tell us. Complaining will not affect your pet&apos;s care.
      </p>
      <section aria-labelledby="complaints-process" className={styles.section}>
        <h2 id="complaints-process" className={typography.gutterBottom}>
          How to complain
        </h2>
        <ol className={styles.steps}>
          {complaintSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      {homePractice && (
        <section aria-labelledby="complaints-your-practice" className={styles.section}>
          <h2 id="complaints-your-practice" className={typography.gutterBottom}>
            Your practice
          </h2>
          <ComplaintPracticeCard practice={homePractice} />
        </section>
      )}
      <section aria-labelledby="complaints-practices" className={styles.section}>
        <h2 id="complaints-practices" className={typography.gutterBottom}>
          {homePractice ? 'Our other practices' : 'Our practices'}
        </h2>
        {others ? (
          <ul className={styles.practices}>
            {others.map((practice) => (
              <li key={practice.id}>
                <ComplaintPracticeCard practice={practice} />
              </li>
            ))}
          </ul>
        ) : (
          <p>
            The list of practices cannot be shown just now: please call your practice and ask for the manager.
          </p>
        )}
      </section>
      <section aria-labelledby="complaints-vcms" className={styles.section}>
        <h2 id="complaints-vcms" className={typography.gutterBottom}>
          If we cannot resolve it: the {vcms.name}
        </h2>
        <p>
          The {vcms.name} (VCMS) is free, independent and impartial. It helps you and the practice reach a
          solution, such as an explanation, an apology or a refund. It usually looks at concerns from the last
          12 months, after the practice has had the chance to answer.
        </p>
        <p>
          Phone the VCMS on{' '}
          <TextLink href={telephoneHref(vcms.phone)} external>
            {vcms.phone}
          </TextLink>{' '}
          or visit{' '}
          <TextLink href={vcms.url} external>
            the {vcms.name} website
          </TextLink>
          .
        </p>
      </section>
    </>
  );
}
