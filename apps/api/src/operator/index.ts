/**
 * The operator's command, `portal-admin` (decision 0097): migrate, the reference lists, the practice import,
 * the practice events' commands and invitations, from a checkout or the production build. Only the root
 * operator.ts imports this file; it stands above every other domain (decision 0091).
 */
export { runOperator } from './run-operator.ts';
export type { OperatorSettings } from './operator-command.ts';
