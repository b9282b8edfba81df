import { z } from 'zod';
import { httpUrl, jsonValue } from './values.ts';

/**
 * PRACTICE_CONNECTORS (decision 0106): the practice systems the portal calls itself, each serving some of
 * the group's practices. Credentials are never in the variable: it names the environment variables (or
 * the secret store's mounts, as variables) that hold them, read once at start-up.
 */

const envVarName = z.string().regex(/^[A-Z][A-Z0-9_]*$/, 'an environment variable name');
const scalar = z.union([z.string(), z.number(), z.boolean()]);
/** A setting: a value, or a list of flat entries (a connector's price map, decision 0147). */
const settingValue = z.union([scalar, z.array(z.record(z.string(), scalar)).max(500)]);
export type ConnectorSettingValue = z.infer<typeof settingValue>;

const connectorEntry = z
  .object({
    /** The connector's name for the operator and the metrics: lower-case words and digits. */
    name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'lower-case letters, digits and dashes'),
    system: z.enum(['ezyvet', 'provet-cloud']),
    /** The portal's practices (their references) this system serves; a practice has one connector at most. */
    practices: z.array(z.string().trim().min(1).max(100)).min(1),
    base_url: httpUrl,
    /** The system's own settings (its site, its tenant, its time zone…), as its module documents them. */
    settings: z.record(z.string(), settingValue).default({}),
    /** Each credential's name → the environment variable holding it. */
    credentials: z.record(z.string(), envVarName),
    /** Seconds between reads of the diary (appointments); other kinds are read less often. */
    poll_seconds: z.number().int().min(5).max(3600).default(15),
    /**
     * When GET /health/connectors answers 503 for it (decision 0130): after this many failed passes in a
     * row, or when its last good pass is older than `alert_lag_seconds`.
     */
    alert_failed_passes: z.number().int().min(1).max(1000).default(3),
    alert_lag_seconds: z
      .number()
      .int()
      .min(60)
      .max(7 * 86_400)
      .default(900),
  })
  .strict();

const connectorsEnvShape = {
  PRACTICE_CONNECTORS: jsonValue(
    z
      .array(connectorEntry)
      .refine((entries) => new Set(entries.map((e) => e.name)).size === entries.length, 'names repeat')
      .refine((entries) => {
        const practices = entries.flatMap((e) => e.practices);
        return new Set(practices).size === practices.length;
      }, 'a practice is served by two connectors'),
  ).optional(),
};

const connectorsEnvExpected: Record<keyof typeof connectorsEnvShape, string> = {
  PRACTICE_CONNECTORS:
    'a JSON array of connectors, each { "name", "system": "ezyvet" | "provet-cloud", "practices": [practice_ref…], "base_url", "settings"?, "credentials": { name: ENV_VAR }, "poll_seconds"?, "alert_failed_passes"?, "alert_lag_seconds"? } (docs/connectors.md: "Connecting ezyVet"); names and practices unique; base_url (and ezyVet’s settings.booking_base_url) https in production',
};

/**
 * Production calls practice systems over https only (security round four, S6; decision 0140): a
 * connector's token and its clients' records cross the network. Outside production the tests' stand-ins
 * serve http on loopback. Checked even when the value is bad, so look before trusting its shape.
 */
function requireHttpsConnectors(
  env: { NODE_ENV: string; PRACTICE_CONNECTORS?: unknown },
  context: z.RefinementCtx,
): void {
  if (env.NODE_ENV !== 'production' || !Array.isArray(env.PRACTICE_CONNECTORS)) return;
  (env.PRACTICE_CONNECTORS as unknown[]).forEach((item, index) => {
    const entry = (item ?? {}) as { name?: unknown; base_url?: unknown; settings?: unknown };
    const settings = (entry.settings ?? {}) as { booking_base_url?: unknown };
    // The start-up message names the connector and the field (never the URL): `at provet-bath.base_url`.
    const connector = typeof entry.name === 'string' && /^[a-z0-9-]+$/.test(entry.name) ? entry.name : index;
    const urls = [
      ['base_url', entry.base_url],
      ['settings.booking_base_url', settings.booking_base_url],
    ] as const;
    for (const [field, url] of urls)
      if (typeof url === 'string' && !url.startsWith('https://'))
        context.addIssue({
          code: 'custom',
          path: ['PRACTICE_CONNECTORS', connector, field],
          message: 'must be https in production',
        });
  });
}

export const connectorsSection = {
  shape: connectorsEnvShape,
  expected: connectorsEnvExpected,
  rules: [requireHttpsConnectors],
};

/** One connector as the roots hand it to the connectors module: its credentials read. */
export interface ConnectorConfig {
  name: string;
  system: 'ezyvet' | 'provet-cloud';
  practices: readonly string[];
  baseUrl: string;
  settings: Readonly<Record<string, ConnectorSettingValue>>;
  credentials: Readonly<Record<string, string>>;
  pollSeconds: number;
  /** When the connector counts as failing (GET /health/connectors, decision 0130). */
  alert: { failedPasses: number; lagSeconds: number };
}

type ConnectorsEnv = z.output<z.ZodObject<typeof connectorsEnvShape>>;

/**
 * A Provet Cloud webhook secret is a segment of the URL the operator gives Provet (decision 0115): a `/`,
 * `+` or `=` of `openssl rand -base64` would make that URL answer 404 like a wrong secret, silently
 * (security round four, S7). URL-safe characters only, 32 at least and no more than the route takes.
 */
export const webhookSecretPattern = /^[A-Za-z0-9._~-]{32,256}$/;

/**
 * The connectors with their credentials read from `env`; `problems` names each variable a connector names
 * that is unset or empty, or a webhook secret that cannot be in a URL (the API does not start with any).
 * Never a value: they are secrets.
 */
export function connectorsConfigOf(
  values: ConnectorsEnv,
  env: Record<string, string | undefined>,
): { connectors: ConnectorConfig[]; problems: string[] } {
  const problems: string[] = [];
  const connectors = (values.PRACTICE_CONNECTORS ?? []).map((entry) => {
    const credentials: Record<string, string> = {};
    for (const [key, variable] of Object.entries(entry.credentials)) {
      const value = env[variable];
      if (value === undefined || value === '')
        problems.push(`${variable} is required: a credential PRACTICE_CONNECTORS names`);
      else if (key === 'webhook_secret' && !webhookSecretPattern.test(value))
        problems.push(
          `${variable} must be 32 to 256 URL-safe characters (letters, digits, - . _ ~), e.g. ` +
            `\`openssl rand -hex 32\`: connector ${entry.name}’s webhook_secret is a segment of its webhook URL`,
        );
      else credentials[key] = value;
    }
    return {
      name: entry.name,
      system: entry.system,
      practices: entry.practices,
      baseUrl: entry.base_url.replace(/\/+$/, ''),
      settings: entry.settings,
      credentials,
      pollSeconds: entry.poll_seconds,
      alert: { failedPasses: entry.alert_failed_passes, lagSeconds: entry.alert_lag_seconds },
    };
  });
  return { connectors, problems };
}
