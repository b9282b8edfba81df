import { fromPriceText, noPriceText } from '@vet/contracts/money';
import {
  priceBandLabels,
  type PriceList as PriceListData,
  type PriceListLine,
} from '@vet/contracts/practice-prices';
import { formatLongDate } from '@/shared/dates/appointment-time';
import styles from './price-list.module.css';

/** What every price of a line includes, when they agree: said once, under its name. */
function sharedIncludes(line: PriceListLine): string | null {
  const [first] = line.prices;
  return first && line.prices.every((price) => price.includes === first.includes) ? first.includes : null;
}

function Includes({ text }: { text: string | null }) {
  return text ? <span className={styles.includes}>Includes: {text}</span> : null;
}

/**
 * A practice's price list in the shape of the CMA's remedies (decisions 0104, 0146): each service or
 * online appointment reason with its "from" price, VAT included, for each band of animal the practice
 * prices (or every animal), and the day the list last changed; a reason not priced yet says so. Two
 * columns, a group of rows per service, so a phone reads it without scrolling sideways. Drawn on the
 * server (no state), on Your practice and on each card of the practice list; undefined: not read.
 */
export function PriceList({ list }: { list: PriceListData | undefined }) {
  if (!list) return <p>The prices could not be shown just now. Please try again later.</p>;
  if (list.lines.length === 0) return <p>This practice has not yet published its prices.</p>;
  return (
    <>
      <p className={styles.statement}>Prices include VAT.</p>
      {list.lastUpdated && (
        <p className={styles.statement}>Prices last updated {formatLongDate(list.lastUpdated)}.</p>
      )}
      <table className={styles.table}>
        <caption className="visually-hidden">
          Prices of common services and appointments, VAT included
        </caption>
        <thead>
          <tr>
            <th scope="col">Animal</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        {list.lines.map((line) => {
          const includes = sharedIncludes(line);
          return (
            <tbody key={line.name}>
              <tr>
                <th scope="rowgroup" colSpan={2} className={styles.service}>
                  {line.name}
                  <Includes text={includes} />
                </th>
              </tr>
              {line.prices.length === 0 ? (
                <tr>
                  <td colSpan={2}>{noPriceText}</td>
                </tr>
              ) : (
                line.prices.map((price) => (
                  <tr key={price.band ?? 'every'}>
                    <th scope="row">{price.band ? priceBandLabels[price.band] : 'Every animal'}</th>
                    <td>
                      {fromPriceText(price.amountPence)}
                      {includes === null && <Includes text={price.includes} />}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          );
        })}
      </table>
      <p className={styles.note}>
        The final price depends on what your pet needs. The practice can tell you more.
      </p>
    </>
  );
}
