import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/**
 * Who may read which secret (decision 0138), for deploy/kubernetes/ and deploy/compose.yaml alike: each
 * process receives only its own settings. The web faces the internet, so it must never hold what only the
 * API, the workers or the identity provider use. The API's instances and the workers share one config,
 * checked the same way at start (decision 0126), so they share one settings file.
 */

/** What only a server process behind the web uses: the web may receive none of them. */
export const serverOnlySecrets = [
  // The identity provider's signing and cookie keys, its clients' secrets.
  'IDP_JWKS',
  'IDP_COOKIE_KEYS',
  'IDP_CLIENT_SECRET',
  'IDP_MACHINE_CLIENT_SECRET',
  // The API's: the webhook sealing key, the codes' and manage links' pepper, mail, SMS, address lookup,
  // the practice systems (whose credentials PRACTICE_CONNECTORS names).
  'WEBHOOK_SECRET_KEYS',
  'VERIFICATION_CODE_PEPPER',
  'SMTP_URL',
  'TWILIO_AUTH_TOKEN',
  'IDEAL_POSTCODES_API_KEY',
  'PRACTICE_CONNECTORS',
  // Stripe's (decision 0157): its key charges cards and refunds; its webhook secret makes a paid event.
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
] as const;

/**
 * A provider's keys go only to the processes that call it (issue 64), narrower than their settings file: the
 * API (starting payments, Stripe's webhooks) and the worker (the sweep of payments left pending, decision
 * 0157); never the web or the identity provider.
 */
export const keysOnlyFor: Record<string, readonly string[]> = {
  STRIPE_SECRET_KEY: ['api', 'worker'],
  STRIPE_WEBHOOK_SECRET: ['api', 'worker'],
};

/** A process's settings file under deploy/env/ (its `.example` is in the repository) and who reads it. */
export const settingsFiles = {
  shared: { readers: ['web', 'api', 'worker', 'idp'], secret: false },
  web: { readers: ['web'], secret: true },
  api: { readers: ['api', 'worker'], secret: true },
  idp: { readers: ['idp'], secret: true },
} as const satisfies Record<string, { readers: readonly string[]; secret: boolean }>;

export type SettingsFile = keyof typeof settingsFiles;

/**
 * The Kubernetes objects made from those files (docs/operations.md, "Kubernetes"), and the connections'
 * Secret, read key by key: each role's database URL by its process only.
 */
export const kubernetesSecrets: Record<string, { file?: SettingsFile; readers: readonly string[] }> = {
  'portal-web': { file: 'web', readers: settingsFiles.web.readers },
  'portal-api': { file: 'api', readers: settingsFiles.api.readers },
  'portal-idp': { file: 'idp', readers: settingsFiles.idp.readers },
  'portal-database/web-url': { readers: ['web'] },
  'portal-database/idp-url': { readers: ['idp'] },
  'portal-database/app-url': { readers: ['api', 'worker'] },
  'portal-database/redis-url': { readers: ['api', 'worker'] },
  'portal-database/migrate-url': { readers: ['migrate'] },
};
export const sharedConfigMap = 'portal-shared';

/** The variables a settings file's example sets, in order. */
export function settingsKeys(repoRoot: string, file: SettingsFile): string[] {
  const text = readFileSync(join(repoRoot, 'deploy/env', `${file}.env.example`), 'utf8');
  return [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map(([, key]) => key as string);
}

/** A name that says it holds a secret. */
const secretLooking = /SECRET|_KEYS?$|TOKEN|PASSWORD|PEPPER|JWKS|SMTP_URL|CONNECTORS/;

/**
 * The settings files' own problems: the shared one holds nothing secret, and no process's file holds a
 * server-only secret of a process that does not read it.
 */
export function settingsFileProblems(repoRoot: string): string[] {
  const problems: string[] = [];
  for (const key of settingsKeys(repoRoot, 'shared'))
    if (secretLooking.test(key) || (serverOnlySecrets as readonly string[]).includes(key))
      problems.push(`deploy/env/shared.env.example: ${key} is a secret, and every process reads this file`);
  for (const key of settingsKeys(repoRoot, 'web'))
    if ((serverOnlySecrets as readonly string[]).includes(key))
      problems.push(`deploy/env/web.env.example: ${key} is server-only, and the web reads this file`);
  return problems;
}

/**
 * What a process receives, given the settings files and Secrets it is handed and the variables it is given
 * blank over them: a problem for each it may not read, for each server-only secret that reaches the web,
 * and for each provider's key that reaches a process that does not call the provider. A Secret of unknown
 * contents counts as holding every server-only secret.
 */
export function accessProblems(
  at: string,
  process: string,
  handed: {
    whole: string[];
    keys: { secret: string; key: string; variable: string }[];
    blank?: string[];
  },
  repoRoot: string,
  kind: 'Secret' | 'file',
): string[] {
  const problems: string[] = [];
  const received = new Set<string>();
  for (const name of handed.whole) {
    const known = kind === 'Secret' ? kubernetesSecrets[name] : settingsFiles[name as SettingsFile];
    if (!known) {
      problems.push(`${at}: reads the whole ${kind} ${name}, which is no process’s own`);
      for (const key of serverOnlySecrets) received.add(key);
      continue;
    }
    if (!(known.readers as readonly string[]).includes(process))
      problems.push(`${at}: reads the ${kind} ${name}, which only ${known.readers.join(', ')} may`);
    const file = kind === 'Secret' ? (known as { file?: SettingsFile }).file : (name as SettingsFile);
    if (file) for (const key of settingsKeys(repoRoot, file)) received.add(key);
  }
  for (const { secret, key, variable } of handed.keys) {
    const known = kubernetesSecrets[`${secret}/${key}`] ?? kubernetesSecrets[secret];
    if (!known) problems.push(`${at}: reads ${secret}/${key}, which is no process’s own`);
    else if (!known.readers.includes(process))
      problems.push(`${at}: reads ${secret}/${key}, which only ${known.readers.join(', ')} may`);
    received.add(variable);
  }
  for (const variable of handed.blank ?? []) received.delete(variable);
  if (process === 'web') {
    const leaked = serverOnlySecrets.filter((key) => received.has(key));
    if (leaked.length > 0) problems.push(`${at}: the web may read server-only secrets: ${leaked.join(', ')}`);
    return problems;
  }
  for (const [key, users] of Object.entries(keysOnlyFor))
    if (received.has(key) && !users.includes(process))
      problems.push(`${at}: receives ${key}, which only ${users.join(', ')} uses`);
  return problems;
}

/** Each portal service of deploy/compose.yaml and the process it runs (its start script). */
const processOfScript: Record<string, string> = {
  'start-web.sh': 'web',
  'start-api.sh': 'api',
  'start-worker.sh': 'worker',
  'start-idp.sh': 'idp',
  'migrate.sh': 'migrate',
};

/**
 * deploy/compose.yaml's settings files (`env_file: env/<name>.env`), as accessProblems judges the
 * Kubernetes Secrets: each service reads only its process's files, and no server-only secret reaches a web
 * instance. `environment:` is compose.yaml's own (no secret but the database's password, per role).
 */
export function composeProblems(composeText: string, repoRoot: string): string[] {
  const compose = parse(composeText, { merge: true }) as {
    services: Record<
      string,
      {
        command?: string[];
        env_file?: string | string[];
        environment?: Record<string, unknown> | string[];
      }
    >;
  };
  const problems: string[] = [];
  for (const [name, service] of Object.entries(compose.services)) {
    const script = service.command?.find((part) => part.startsWith('scripts/production/'));
    const process = processOfScript[script?.split('/').at(-1) ?? ''];
    if (!process) continue;
    const files = [service.env_file ?? []].flat();
    const whole = files.map((file) => /^env\/([\w-]+)\.env$/.exec(file)?.[1] ?? file);
    // `environment:` wins over `env_file:`; an empty value there blanks the file's.
    const environment = service.environment ?? {};
    const blank = Array.isArray(environment)
      ? environment.flatMap((entry) => /^(\w+)=$/.exec(entry)?.[1] ?? [])
      : Object.entries(environment).flatMap(([key, value]) => (value === '' ? [key] : []));
    problems.push(
      ...accessProblems(`compose.yaml ${name}`, process, { whole, keys: [], blank }, repoRoot, 'file'),
    );
  }
  return problems;
}
