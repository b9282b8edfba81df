/** A day's reconciliation of what the payment provider and the portal each hold (issue 64, item 5). */
export { differenceKinds, type Difference, type DifferenceKind } from './compare-holdings.ts';
export { dayRange, parseDay, reconcileDay, yesterday, type DayReconciliation } from './reconcile-day.ts';
