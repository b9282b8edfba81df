import { fromPriceText } from '@vet/contracts/money';
import type { PriceListEntry } from '@vet/contracts/practice-prices';
import styles from './price-list.module.css';

/**
 * A practice's price list (decision 0104): each service or appointment reason with its "from" price in
 * force today and what it includes; none yet says to ask the practice. Drawn on the server (no state),
 * on Your practice and on each card of the practice list.
 */
export function PriceList({ entries }: { entries: readonly PriceListEntry[] }) {
  if (entries.length === 0) return <p>Ask the practice for its prices.</p>;
  return (
    <>
      <table className={styles.table}>
        <caption className="visually-hidden">Prices of common services, from</caption>
        <thead>
          <tr>
            <th scope="col">Service</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.name}>
              <th scope="row">{entry.name}</th>
              <td>
                {fromPriceText(entry.amountPence)}
                {entry.includes && <span className={styles.includes}>Includes: {entry.includes}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.note}>
        The final price depends on what your pet needs. The practice can tell you more.
      </p>
    </>
  );
}
