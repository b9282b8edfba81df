import { appRolesVariable, DatabaseRoleError, parseAppRoles } from '@vet/db/database-roles';
import {
  allowedPrivateHostsExpected,
  noPrivateHosts,
  parseAllowedPrivateHosts,
  type AllowedPrivateHosts,
} from '@vet/practice-events/endpoint-address';
import { z } from 'zod';
import { paymentsConfigOf, paymentsSection, type PaymentsConfig } from './payments.ts';
import { retentionConfigOf, retentionSection, type RetentionConfig } from './retention.ts';
import { attachmentsConfigOf, attachmentsSection, type AttachmentsConfig } from './attachments.ts';
import { envOf } from './section.ts';
import { brandNameValue, httpUrl } from './values.ts';

/**
 * The operator's command's view of its environment (`portal-admin`, decision 0097), parsed as it starts.
 * What a deployment sets for the API serves it too; what only the API's worker uses (SMTP) it ignores.
 * Whether it runs as production is decided with the database it finds (operator/operator-mode.ts), so
 * the rules that depend on it are applied there, not here.
 */
const operatorShape = {
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  NODE_ENV: z.enum(['development', 'test', 'production']).optional(),
  DATABASE_APP_ROLES: z
    .string()
    .optional()
    .transform((value, context) => {
      try {
        return parseAppRoles(value);
      } catch (error) {
        if (!(error instanceof DatabaseRoleError)) throw error;
        context.addIssue({ code: 'custom', message: error.message });
        return z.NEVER;
      }
    }),
  // Parsed by the commands that seal or open a secret, so that a bad key stops only them (as before).
  WEBHOOK_SECRET_KEYS: z.string().optional(),
  // `endpoints add` applies the API's rule for endpoints' hosts (decision 0137), with the API's list.
  WEBHOOK_ALLOWED_PRIVATE_HOSTS: z
    .string()
    .optional()
    .transform((text, context) => {
      const parsed = parseAllowedPrivateHosts(text);
      if (!('problem' in parsed)) return parsed;
      context.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    }),
  PORTAL_URL: httpUrl.optional(),
  BRAND_NAME: brandNameValue,
  // Where `npm run admin` was typed (npm runs scripts from the repository's root).
  INIT_CWD: z.string().min(1).optional(),
};

const operatorExpected: Record<keyof typeof operatorShape, string> = {
  DATABASE_URL: 'a postgres:// or postgresql:// URL; unset: the embedded database of a running npm start',
  NODE_ENV:
    'one of development, test, production; unset: production, or development with npm start’s database',
  DATABASE_APP_ROLES: `a comma-separated list of role names (${appRolesVariable}, decision 0092)`,
  WEBHOOK_SECRET_KEYS: 'the API’s endpoint keys',
  WEBHOOK_ALLOWED_PRIVATE_HOSTS: `${allowedPrivateHostsExpected}, as the API's`,
  PORTAL_URL: 'the http:// or https:// address of the portal (links in e-mails); https in production',
  BRAND_NAME: 'the brand name shown in e-mails, 1 to 60 characters',
  INIT_CWD: 'a folder',
};

// `retention run` applies the API's own periods, deleting files from its store; `payments reconcile` reads
// Stripe with the API's keys.
const { schema: operatorEnvSchema, expected } = envOf(
  { shape: operatorShape, expected: operatorExpected, rules: [] },
  retentionSection,
  paymentsSection,
  attachmentsSection,
);
type EnvName = keyof typeof operatorEnvSchema.shape;

export interface OperatorConfig {
  /** Unset: the operator's command looks for npm start's embedded database. */
  databaseUrl: string | undefined;
  /** As given; unset is decided with the database (production, or development with npm start's). */
  nodeEnv: 'development' | 'test' | 'production' | undefined;
  /** The roles the migrate step grants the apps' privileges to. */
  appRoles: string[];
  /** WEBHOOK_SECRET_KEYS' text, for the commands that seal or open an endpoint's secret. */
  webhookSecretKeys: string | undefined;
  /** WEBHOOK_ALLOWED_PRIVATE_HOSTS: the hosts that are not public that `endpoints add` accepts. */
  webhookAllowedPrivateHosts: AllowedPrivateHosts;
  /** Without a trailing slash. */
  portalUrl: string | undefined;
  brandName: string;
  /** Relative paths on the command line mean from here. */
  invocationDirectory: string;
  /** The periods `retention run` applies, as the API's daily job does. */
  retention: RetentionConfig;
  /** Off, or Stripe's keys and address, for `payments reconcile`. */
  payments: PaymentsConfig;
  /** Where owners' files are kept: `retention run` deletes a disk or S3 store's bytes with their rows. */
  attachments: AttachmentsConfig;
}

export class OperatorConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Invalid configuration; the command will not run. Fix these environment variables:\n${problems
        .map((problem) => `  - ${problem}`)
        .join('\n')}`,
    );
    this.name = 'OperatorConfigError';
  }
}

/** Parses the environment, or throws an OperatorConfigError naming every bad variable (never its value). */
export function loadOperatorConfig(
  env: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): OperatorConfig {
  // An empty variable means unset, as for the API.
  const input = Object.fromEntries(
    Object.keys(operatorEnvSchema.shape).map((name) => [name, env[name]?.trim() || undefined]),
  );
  const parsed = operatorEnvSchema.safeParse(input);
  if (!parsed.success) {
    const names = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0]) as EnvName))];
    throw new OperatorConfigError(names.map((name) => `${name} must be ${expected[name]}`));
  }
  const values = parsed.data;
  return {
    databaseUrl: values.DATABASE_URL,
    nodeEnv: values.NODE_ENV,
    appRoles: values.DATABASE_APP_ROLES,
    webhookSecretKeys: values.WEBHOOK_SECRET_KEYS,
    webhookAllowedPrivateHosts: values.WEBHOOK_ALLOWED_PRIVATE_HOSTS ?? noPrivateHosts,
    portalUrl: values.PORTAL_URL?.replace(/\/+$/, ''),
    brandName: values.BRAND_NAME,
    invocationDirectory: values.INIT_CWD ?? cwd,
    retention: retentionConfigOf(values),
    payments: paymentsConfigOf({ ...values, NODE_ENV: values.NODE_ENV ?? 'production' }),
    attachments: attachmentsConfigOf({ ...values, NODE_ENV: values.NODE_ENV ?? 'production' }),
  };
}
