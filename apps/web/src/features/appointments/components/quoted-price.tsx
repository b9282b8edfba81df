import { priceChangeText } from '@vet/contracts/money';
import { quotesToSay } from '@vet/contracts/visit-quotes';
import type { FromPrice } from '@vet/contracts/practice-prices';
import { coveredByPlanText, reasonPriceText } from './booking-parts';
import styles from './quoted-price.module.css';

/** One pet's quote: its name, for a visit whose pets' bands differ. */
export interface PetQuote {
  petName: string;
  price: FromPrice | null;
  /** The pet's health plan covers the reason (decision 0164): no price is asked. */
  covered?: boolean;
}

/**
 * What the quote says (issue 62): "Price: From £54.00 · Includes: …", the no-price text, each pet's where
 * a visit's differ, or for a move that changed it, the new price and the one before.
 */
export function quotedPriceText(quotes: readonly PetQuote[], previous?: FromPrice | null): string {
  if (quotes.length > 0 && quotes.every((quote) => quote.covered)) return coveredByPlanText;
  if (quotes.some((quote) => quote.covered)) {
    const each = quotes.map(
      (quote) =>
        `${quote.petName} ${quote.covered ? 'covered by your plan' : reasonPriceText(quote.price ?? undefined)}`,
    );
    return `Price: ${each.join(' · ')}`;
  }
  const { perPet, said } = quotesToSay(quotes);
  const [first] = said;
  if (!first) return '';
  if (perPet) {
    const each = said.map((quote) => `${quote.petName} ${reasonPriceText(quote.price ?? undefined)}`);
    return `Price: ${each.join(' · ')}`;
  }
  const changed =
    previous === undefined
      ? null
      : priceChangeText(first.price?.amountPence ?? null, previous?.amountPence ?? null);
  if (changed) return changed;
  return first.price ? `Price: ${reasonPriceText(first.price)}` : reasonPriceText(undefined);
}

/**
 * The appointment's price, on the check step (the day's quote, read as the step opens) and after booking
 * (the quote kept on it). `quotes` undefined: still loading; the line keeps its place meanwhile. A failed
 * read says nothing rather than a wrong price.
 */
export function QuotedPrice(props: { quotes: readonly PetQuote[] | undefined; previous?: FromPrice | null }) {
  return (
    <p className={styles.line} aria-live="polite">
      {props.quotes ? quotedPriceText(props.quotes, props.previous) : ''}
    </p>
  );
}
