import type { ReactNode } from 'react';
import styles from './bill-facts.module.css';

/** A bill's or an estimate's facts (date, practice, clinician, pets…) as a term list; empty ones left out. */
export function BillFacts({
  facts,
}: {
  facts: readonly (readonly [term: string, value: ReactNode | null])[];
}) {
  return (
    <dl className={styles.facts}>
      {facts
        .filter(([, value]) => value !== null && value !== '')
        .map(([term, value]) => (
          <div key={term} className={styles.fact}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
