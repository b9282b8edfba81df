import { formatPounds } from '@vet/contracts/money';
import {
  bookingPaymentAudiences,
  bookingPaymentKinds,
  type BookingPaymentAudience,
  type BookingPaymentKind,
} from '@vet/contracts/payment-rules';
import { connectDatabase, type Database } from '@vet/db/connection';
import {
  bookingPaymentAmountProblem,
  clearBookingPaymentPolicy,
  listBookingPaymentPolicies,
  setBookingPaymentPolicy,
  type StoredBookingPaymentPolicy,
} from '../payments/index.ts';
import { ApiProblem } from '../platform/index.ts';
import {
  operatorCommand,
  wrongArguments,
  type OperatorCommand,
  type OperatorContext,
} from './operator-command.ts';

/**
 * `portal-admin payments policy set|clear|list` (issue 64, decision 0158): the operator's way to say what
 * a practice asks to book a reason online, beside the practice system's (the integration API); the last
 * word stands, whoever says it. Practices and reasons by the portal's ids; amounts in pounds, taken as
 * whole pence exactly or refused, never rounded.
 */

const maxId = 2_147_483_647;

/** A portal id as typed, or undefined when it is not one. */
function idOf(text: string | undefined): number | undefined {
  if (text === undefined || !/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= maxId ? id : undefined;
}

/** "20", "20.5", "20.00" or "£20.00" as whole pence; undefined for anything else (20.005, 1e3, -5). */
export function penceOfPounds(text: string): number | undefined {
  const match = /^£?(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, pounds = '0', pence = ''] = match;
  return Number(pounds) * 100 + Number(pence.padEnd(2, '0'));
}

const isKind = (text: string | undefined): text is BookingPaymentKind =>
  (bookingPaymentKinds as readonly (string | undefined)[]).includes(text);
const isAudience = (text: string | undefined): text is BookingPaymentAudience =>
  (bookingPaymentAudiences as readonly (string | undefined)[]).includes(text);

const named = (ref: string | null, name: string) => (ref === null ? name : `${ref} ${name}`);

/** One policy in a line: ids, references and names of practices and reasons, never a client's. */
function policyLine(policy: StoredBookingPaymentPolicy): string {
  const what = `${policy.kind === 'deposit' ? 'deposit' : 'card hold'} ${formatPounds(policy.amountPence)}`;
  return (
    `practice ${policy.practiceId} (${policy.practiceRef ?? 'no reference'}), reason ${policy.reasonId} ` +
    `(${named(policy.reasonRef, policy.reasonName)}): ${what}, ${policy.appliesTo.replaceAll('_', ' ')}; ` +
    `set by the ${policy.source === 'operator' ? 'operator' : 'practice system'} ${policy.updatedAt.toISOString()}`
  );
}

/** The command's work on the target database; a refusal of the write side (404, 400) is exit 1. */
async function onDatabase(
  context: OperatorContext,
  refusal: string,
  work: (db: Database) => Promise<number>,
): Promise<number> {
  const target = await context.target();
  if (!target) return 2;
  const handle = connectDatabase(target.databaseUrl, { max: 1 });
  try {
    return await work(handle.db);
  } catch (error) {
    if (!(error instanceof ApiProblem)) throw error;
    context.err(`${refusal}: ${error.message}`);
    return 1;
  } finally {
    await handle.close();
  }
}

const keyOptions = { practice: { type: 'string' }, reason: { type: 'string' } } as const;

/** --practice and --reason as ids, or the usage said (exit 2). */
function keyOf(
  command: OperatorCommand,
  context: OperatorContext,
  values: { practice?: string; reason?: string },
) {
  const practiceId = idOf(values.practice);
  const reasonId = idOf(values.reason);
  if (practiceId === undefined || reasonId === undefined) {
    wrongArguments(
      command,
      context,
      '--practice and --reason are the portal’s ids of a practice and a reason.',
    );
    return undefined;
  }
  return { practiceId, reasonId };
}

export const paymentsPolicySetCommand: OperatorCommand = operatorCommand({
  name: 'payments policy set',
  usage: `--practice <id> --reason <id> --kind ${bookingPaymentKinds.join('|')} --amount <pounds, e.g. 20.00> [--applies-to ${bookingPaymentAudiences.join('|')}]`,
  summary: 'asks a deposit or card hold to book a reason online at a practice, replacing what was asked',
  options: {
    ...keyOptions,
    kind: { type: 'string' },
    amount: { type: 'string' },
    'applies-to': { type: 'string' },
  },
  async run({ values }, context) {
    const key = keyOf(paymentsPolicySetCommand, context, values);
    if (!key) return 2;
    const { kind, amount } = values;
    const appliesTo = values['applies-to'] ?? 'everyone';
    if (!isKind(kind))
      return wrongArguments(
        paymentsPolicySetCommand,
        context,
        `--kind is ${bookingPaymentKinds.join(' or ')}.`,
      );
    if (!isAudience(appliesTo))
      return wrongArguments(
        paymentsPolicySetCommand,
        context,
        `--applies-to is ${bookingPaymentAudiences.join(', ')}.`,
      );
    if (amount === undefined) return wrongArguments(paymentsPolicySetCommand, context, '--amount is needed.');
    const amountPence = penceOfPounds(amount);
    const problem =
      amountPence === undefined
        ? `--amount is pounds to the penny, e.g. 20.00 (given "${amount}").`
        : bookingPaymentAmountProblem(amountPence);
    if (problem !== undefined || amountPence === undefined) {
      context.err(`Not set: ${problem ?? ''}`);
      return 1;
    }
    return onDatabase(context, 'Not set', async (db) => {
      const { outcome, policy } = await setBookingPaymentPolicy(db, {
        ...key,
        kind,
        amountPence,
        appliesTo,
        source: 'operator',
        amountField: '--amount',
      });
      context.out(`${outcome === 'unchanged' ? 'Unchanged' : 'Set'}: ${policyLine(policy)}`);
      return 0;
    });
  },
});

export const paymentsPolicyClearCommand: OperatorCommand = operatorCommand({
  name: 'payments policy clear',
  usage: '--practice <id> --reason <id>',
  summary: 'asks nothing any more to book a reason online at a practice',
  options: keyOptions,
  async run({ values }, context) {
    const key = keyOf(paymentsPolicyClearCommand, context, values);
    if (!key) return 2;
    return onDatabase(context, 'Not cleared', async (db) => {
      const removed = await clearBookingPaymentPolicy(db, key);
      context.out(
        removed
          ? `Cleared: practice ${key.practiceId}, reason ${key.reasonId} asks nothing at booking.`
          : `Nothing to clear: practice ${key.practiceId}, reason ${key.reasonId} asked nothing at booking.`,
      );
      return 0;
    });
  },
});

export const paymentsPolicyListCommand: OperatorCommand = operatorCommand({
  name: 'payments policy list',
  usage: '[--practice <id>]',
  summary: 'lists the deposits and card holds asked at booking, of one practice or of every one',
  options: { practice: keyOptions.practice },
  async run({ values }, context) {
    const practiceId = idOf(values.practice);
    if (values.practice !== undefined && practiceId === undefined)
      return wrongArguments(
        paymentsPolicyListCommand,
        context,
        '--practice is the portal’s id of a practice.',
      );
    return onDatabase(context, 'Not listed', async (db) => {
      const policies = await listBookingPaymentPolicies(db, { practiceId });
      if (policies.length === 0) context.out('No deposit or card hold is asked at booking.');
      policies.map(policyLine).forEach((line) => context.out(line));
      return 0;
    });
  },
});

export const paymentsPolicyCommands = [
  paymentsPolicySetCommand,
  paymentsPolicyClearCommand,
  paymentsPolicyListCommand,
];
