import { connectorsOperatorCommands } from './connectors-commands.ts';
import { eventsOperatorCommands } from './events-commands.ts';
import { importCommand } from './import-command.ts';
import { inviteCommand } from './invite-command.ts';
import { listsCommand } from './lists-command.ts';
import { listValuesCommands } from './list-values-commands.ts';
import { migrateCommand } from './migrate-command.ts';
import type { OperatorCommand } from './operator-command.ts';
import { paymentsReconcileCommand } from './payments-command.ts';
import { paymentsPolicyCommands } from './payments-policy-command.ts';
import { pricesGapsCommand } from './prices-command.ts';
import { retentionCommand } from './retention-command.ts';

/** Every command of `portal-admin`, in the order the help lists them. */
export const operatorCommands: readonly OperatorCommand[] = [
  migrateCommand,
  listsCommand,
  ...listValuesCommands,
  importCommand,
  ...eventsOperatorCommands,
  ...connectorsOperatorCommands,
  inviteCommand,
  pricesGapsCommand,
  retentionCommand,
  paymentsReconcileCommand,
  ...paymentsPolicyCommands,
];
