import { formatPounds } from '@vet/contracts/money';
import { practiceDate } from '@vet/contracts/practice-clock';
import { connectDatabase } from '@vet/db/connection';
import {
  parseDay,
  ProviderRefusedError,
  ProviderUnavailableError,
  reconcileDay,
  stripeProvider,
  yesterday,
  type DayReconciliation,
  type Difference,
} from '../payments/index.ts';
import { operatorCommand, wrongArguments, type OperatorCommand } from './operator-command.ts';

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const amount = (pence: number | null) => (pence === null ? '' : ` ${formatPounds(pence)}`);

/** One difference in a line: its reason, then ids and amounts only (never who paid). */
function differenceLine(difference: Difference): string {
  const ids = [
    `payment ${difference.paymentId ?? '(none)'}`,
    `session ${difference.sessionId ?? '(none)'}`,
    ...(difference.refundId ? [`refund ${difference.refundId}`] : []),
  ];
  const stripe = `Stripe ${difference.providerState ?? '(nothing)'}${amount(difference.providerAmountPence)}`;
  const portal = `portal ${difference.portalStatus ?? '(nothing)'}${amount(difference.portalAmountPence)}`;
  return `  ${difference.reason}: ${ids.join(', ')}; ${stripe}; ${portal}`;
}

function reportLines(report: DayReconciliation): string[] {
  const { provider, portal, agreed, differences } = report;
  return [
    `Payments on ${report.day} (Europe/London: ${report.from.toISOString()} to ${report.to.toISOString()})`,
    `Stripe: ${count(provider.paid, 'paid session')} (${formatPounds(provider.paidPence)}), ${provider.notPaid} not paid; ${count(provider.refunds, 'refund')} (${formatPounds(provider.refundedPence)})`,
    `Portal: ${count(portal.paid, 'paid payment')} (${formatPounds(portal.paidPence)}), ${portal.notPaid} not paid`,
    `Both agree on ${agreed.paid} paid (${formatPounds(agreed.paidPence)}), ${agreed.notPaid} not paid, ${count(agreed.refunds, 'refund')}`,
    differences.length === 0 ? 'No differences.' : `${count(differences.length, 'difference')}:`,
    ...differences.map(differenceLine),
  ];
}

/**
 * `portal-admin payments reconcile [--day YYYY-MM-DD] [--json]` (issue 64, item 5): for a day on the
 * practices' clocks (yesterday unless told), what Stripe and the portal each hold and every difference,
 * each with its reason, the most serious first (money taken at Stripe that the portal does not record).
 * Ids and amounts only. Exits 0 when they agree, 1 on any difference (so a scheduled run alerts), 2 when
 * it cannot run (a bad day, payments off, Stripe unreachable).
 */
export const paymentsReconcileCommand: OperatorCommand = operatorCommand({
  name: 'payments reconcile',
  usage: '[--day YYYY-MM-DD] [--json]',
  summary:
    'for a day (Europe/London; default yesterday), what Stripe and the portal each hold and every difference; exit 1 on any',
  options: { day: { type: 'string' }, json: { type: 'boolean' } },
  async run({ values }, context) {
    const now = new Date();
    const day = values.day === undefined ? yesterday(now) : parseDay(values.day);
    if (day === undefined)
      return wrongArguments(
        paymentsReconcileCommand,
        context,
        `--day must be a calendar day, YYYY-MM-DD (given "${values.day}").`,
      );
    if (day > practiceDate(now))
      return wrongArguments(paymentsReconcileCommand, context, `--day ${day} has not begun yet.`);
    const { payments } = context.settings;
    if (payments.provider !== 'stripe') {
      context.err('Paying online is off (PAYMENTS is not stripe): there is nothing to reconcile.');
      return 2;
    }
    const target = await context.target();
    if (!target) return 2;
    const handle = connectDatabase(target.databaseUrl, { max: 1 });
    try {
      const report = await reconcileDay(handle.db, stripeProvider(payments), day);
      if (values.json) context.out(JSON.stringify(report));
      else reportLines(report).forEach((line) => context.out(line));
      return report.differences.length === 0 ? 0 : 1;
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError || error instanceof ProviderRefusedError)) throw error;
      context.err(`Stripe could not be read (${error.providerCode}): nothing was compared.`);
      return 2;
    } finally {
      await handle.close();
    }
  },
});
