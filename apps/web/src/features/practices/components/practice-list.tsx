import type { PracticePrices } from '@vet/contracts/practice-prices';
import type { OnlinePractice } from '@vet/contracts/practices';
import { AppAlert } from '@/shared/components/app-alert';
import { Button } from '@/shared/ui/button';
import { PracticeCard } from './practice-card';
import styles from './practice-list.module.css';

/** A practice of the list with its owner and prices, when the API gave them (decision 0104). */
export interface ListedPractice {
  practice: OnlinePractice;
  prices: PracticePrices | undefined;
}

/**
 * The practice list, drawn on the server (decision 0118): the page arrives whole and ships no script of
 * its own. Undefined `practices`: the API could not give the list, and Retry loads the page again (a
 * link, so it works before or without the scripts).
 */
export function PracticeList({ practices }: { practices: readonly ListedPractice[] | undefined }) {
  if (!practices) {
    return (
      <AppAlert
        severity="error"
        action={
          <Button color="inherit" size="small" href="/practices">
            Retry
          </Button>
        }
      >
        We could not load the list of practices. Please try again.
      </AppAlert>
    );
  }

  if (practices.length === 0) {
    return <p>No practices offer online services at the moment. Please call your practice.</p>;
  }

  return (
    <ul className={styles.grid} aria-label="Practices">
      {practices.map(({ practice, prices }) => (
        <li key={practice.id}>
          <PracticeCard practice={practice} prices={prices} />
        </li>
      ))}
    </ul>
  );
}
