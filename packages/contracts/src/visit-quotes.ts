/**
 * How a visit's quotes are said (issue 62), by the pages and the e-mails alike. A module of its own: the
 * pages that only write pounds (money.ts) do not carry it (page weight, decision 0150).
 */
/** A price as a quote carries it: the amount and what it includes. */
interface QuotedAmount {
  amountPence: number;
  includes?: string | null | undefined;
}

/** One pet's quote on a visit, and for a move the quote before it. */
interface VisitQuote {
  price: QuotedAmount | null;
  previousPrice?: QuotedAmount | null | undefined;
}

const sameAmount = (a: QuotedAmount | null | undefined, b: QuotedAmount | null | undefined) =>
  a?.amountPence === b?.amountPence && (a?.includes ?? null) === (b?.includes ?? null);

/**
 * A visit's quotes as the pages and the e-mails say them (issue 62): once when every pet's agrees (and,
 * for a move, was the same before), else pet by pet, as a cat's and a dog's band may differ.
 */
export function quotesToSay<Quote extends VisitQuote>(
  quotes: readonly Quote[],
): { perPet: boolean; said: readonly Quote[] } {
  const [first] = quotes;
  if (!first) return { perPet: false, said: [] };
  const agree = quotes.every(
    (quote) =>
      sameAmount(quote.price, first.price) &&
      (quote.previousPrice === undefined
        ? first.previousPrice === undefined
        : sameAmount(quote.previousPrice, first.previousPrice)),
  );
  return agree ? { perPet: false, said: [first] } : { perPet: true, said: quotes };
}
