/**
 * Decision 0053: the portal's main pages, whose weight `e2e/page-weight.e2e.test.ts` holds to a budget and
 * `npm run bench` compares with a bare Next.js page. Signed-in pages are seen as a demo client.
 */
export const SIGNED_OUT_PAGES = ['/practices', '/guest', '/complaints'] as const;
export const SIGNED_IN_PAGES = [
  '/',
  '/pets',
  '/pets/register',
  '/appointments',
  '/appointments/book',
  '/client-detail',
  '/drug-request',
  '/drug-request/new-request',
  '/bills',
] as const;

/** The onboarding pages, seen as a person just signed up whose account is not linked to a record yet. */
export const ONBOARDING_PAGES = ['/registration', '/registration-new'] as const;

/** The goal: each main page's compressed JS at most this many times a bare Next.js page's. */
export const TARGET_RATIO_TO_BARE_NEXT = 1.5;

/**
 * Tighter budgets than the goal (decisions 0135, 0149, 0150, 0156): issue 62's 1.20× for the two pages most
 * people open first, and its 1.4× (or tighter) for every other main page, the new client's registration the last to meet
 * it (its error boundaries' report loading when an error is caught, decision 0156).
 */
const TIGHTER_RATIOS: Partial<Record<string, number>> = {
  '/': 1.2,
  '/practices': 1.2,
  '/complaints': 1.25,
  '/guest': 1.4,
  '/pets': 1.4,
  '/pets/register': 1.4,
  '/appointments': 1.4,
  '/appointments/book': 1.4,
  '/client-detail': 1.4,
  '/drug-request': 1.4,
  '/drug-request/new-request': 1.4,
  // Issue 63's list (decision 0154); an estimate's and a bill's pages need a record, so no budget here.
  '/bills': 1.4,
  '/registration': 1.4,
  '/registration-new': 1.4,
};

/** A main page's budget, as a ratio to the bare Next.js page's compressed JS. */
export function ratioBudget(path: string): number {
  return TIGHTER_RATIOS[path] ?? TARGET_RATIO_TO_BARE_NEXT;
}
