import type { StripeSettings } from '../payments/index.ts';
import type { RetentionOptions } from '../platform/index.ts';
import type { AllowedPrivateHosts } from '@vet/practice-events/endpoint-address';
import { commandLine, commandsRefusing, type Command } from '@vet/practice-events/commands/command';

/**
 * The operator's command (`portal-admin`, decision 0097): what each of its commands is given, and what
 * it is. The root operator.ts hands the settings over; the commands never read the environment.
 */

/** The environment, as config/operator-config.ts parses it. */
export interface OperatorSettings {
  /** Unset: npm start's embedded database, when it runs. */
  databaseUrl: string | undefined;
  /** Unset: production with DATABASE_URL, development with npm start's database (operator-mode.ts). */
  nodeEnv: 'development' | 'test' | 'production' | undefined;
  /** DATABASE_APP_ROLES: the roles the migrate step grants the apps' privileges to (decision 0092). */
  appRoles: readonly string[];
  /** WEBHOOK_SECRET_KEYS' text, parsed by the commands that seal or open an endpoint's secret. */
  webhookSecretKeys: string | undefined;
  /** WEBHOOK_ALLOWED_PRIVATE_HOSTS: hosts that are not public that `endpoints add` accepts (decision 0137). */
  webhookAllowedPrivateHosts: AllowedPrivateHosts;
  /** PORTAL_URL, without a trailing slash: the invitation e-mail's link. */
  portalUrl: string | undefined;
  brandName: string;
  /** Where the command was typed: relative paths mean from here. */
  invocationDirectory: string;
  /** RETENTION_*: what `retention run` applies (the API's daily job applies the same). */
  retention: Pick<RetentionOptions, 'periods' | 'batchSize' | 'pauseMs' | 'files'>;
  /** PAYMENTS and STRIPE_*: what `payments reconcile` reads Stripe with (the API's own settings). */
  payments: { provider: 'off' } | ({ provider: 'stripe' } & StripeSettings);
}

/** The database a command works on, and whether production's rules apply there. */
export interface OperatorTarget {
  databaseUrl: string;
  /** npm start's embedded database, found without DATABASE_URL. */
  local: boolean;
  production: boolean;
  /** Why it is production when NODE_ENV did not say so, for a refusal that production causes. */
  productionNote?: string | undefined;
}

export interface OperatorContext {
  settings: OperatorSettings;
  /** One line of output, to standard output: counts, ids, tables; never personal data. */
  out: (line: string) => void;
  /** One line to standard error: why the command refused or could not run. */
  err: (line: string) => void;
  /** The streams themselves, for the import's progress bars (a terminal) or lines (a pipe). */
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** The database and its rules, found once; undefined once it has said why there is none (exit 2). */
  target: () => Promise<OperatorTarget | undefined>;
}

/** One command of `portal-admin`; commands.ts lists them. */
export type OperatorCommand = Command<OperatorContext>;

/** Says on standard error why a command's arguments are wrong, then its usage; answers 2 (could not run). */
export function wrongArguments(command: OperatorCommand, context: OperatorContext, message: string): 2 {
  context.err(message);
  context.err(`Usage: portal-admin ${commandLine(command)}`);
  return 2;
}

/** A command of `portal-admin`, given the arguments it declares parsed; others go to wrongArguments. */
export const operatorCommand = commandsRefusing<OperatorContext>(wrongArguments);
