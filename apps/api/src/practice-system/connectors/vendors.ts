import { z } from 'zod';
import type { ConnectionFactory, ConnectorOptions } from './connectors-plugin.ts';
import { priceMapSchema } from './price-map.ts';
import { createEzyvetConnection } from './ezyvet/index.ts';
import { createProvetCloudConnection } from './provet-cloud/index.ts';
import type { VendorCallObserver, VendorConnection } from './vendor-port.ts';

/**
 * Each system's settings and credentials as PRACTICE_CONNECTORS gives them (docs/connectors.md: "Connecting
 * ezyVet", "Connecting Provet Cloud"), checked when the API starts: a wrong one stops the start naming the
 * connector and the field, never a value.
 */
const ezyvet = {
  settings: z
    .object({
      /** ezyVet's scopes for the integration, as ezyVet issued them (space-separated). */
      scope: z.string().min(1),
      booking_base_url: z.url({ protocol: /^https?$/ }).optional(),
      site_uid: z.string().min(1).optional(),
      page_size: z.number().int().min(1).max(200).optional(),
      rota_days: z.number().int().min(1).max(366).optional(),
      /** The products that price the practice's list, by band (decision 0147). */
      price_map: priceMapSchema.optional(),
    })
    .strict(),
  credentials: z
    .object({ partner_id: z.string(), client_id: z.string(), client_secret: z.string() })
    .strict(),
};

const provetCloud = {
  settings: z
    .object({
      /** The installation's id in its URLs: https://provetcloud.com/<provet_id>/api/0.1/. */
      provet_id: z.string().min(1),
      /** The department (site) this connector's practice is. */
      department_id: z.string().min(1),
      /** The lowest per-minute limit of the endpoints used, as the REST API schema publishes them. */
      rate_limit_per_minute: z.number().int().min(1).max(6000).optional(),
      /**
       * Unset, pages are the installation's default size, one request each. A custom size costs
       * page_size / default_page_size requests (ratelimit.html), so it needs the default too.
       */
      page_size: z.number().int().min(1).max(1000).optional(),
      /** The installation's default page size, as its REST API schema shows it. */
      default_page_size: z.number().int().min(1).max(1000).optional(),
      rota_days: z.number().int().min(1).max(366).optional(),
      /** Minutes between whole reads of the rota (shifts have no documented modification filter). */
      rota_refresh_minutes: z.number().int().min(1).max(1440).optional(),
      /** User groups whose members are nurses; comma-separated ids. */
      nurse_group_ids: z.string().optional(),
      /** Provet's species codes by the portal's species names: "Dog=22001,Cat=22002". */
      species_codes: z
        .string()
        .regex(/^([^=,]+=\d+)(,[^=,]+=\d+)*$/)
        .optional(),
      /** The items that price the practice's list, by band (decision 0147). */
      price_map: priceMapSchema.optional(),
    })
    .strict()
    .refine((settings) => settings.page_size === undefined || settings.default_page_size !== undefined, {
      path: ['default_page_size'],
      message: 'A custom page_size needs the installation’s default_page_size to count its cost.',
    }),
  credentials: z
    .object({
      client_id: z.string(),
      client_secret: z.string(),
      /**
       * The secret in the URL Provet Cloud's webhooks are sent to (decision 0115): its webhooks carry no
       * signature in the documentation read. Optional: without it, no webhook is taken for the connector.
       * URL-safe, as the config checks it at start (config/connectors.ts, decision 0140).
       */
      webhook_secret: z
        .string()
        .regex(/^[A-Za-z0-9._~-]{32,256}$/)
        .optional(),
    })
    .strict(),
};

export class ConnectorSettingsError extends Error {
  constructor(connector: string, issues: readonly z.core.$ZodIssue[], where: 'settings' | 'credentials') {
    const fields = [...new Set(issues.map((issue) => issue.path.join('.') || '(the object)'))].join(', ');
    super(`PRACTICE_CONNECTORS: connector ${connector}: ${where} wrong or missing: ${fields}`);
    this.name = 'ConnectorSettingsError';
  }
}

/** A connector's settings and credentials, each checked by its system's schema (settings first). */
function checked<S extends z.ZodType, C extends z.ZodType>(
  schemas: { settings: S; credentials: C },
  options: ConnectorOptions,
): { settings: z.output<S>; credentials: z.output<C> } {
  const parse = <T extends z.ZodType>(schema: T, where: 'settings' | 'credentials'): z.output<T> => {
    const parsed = schema.safeParse(options[where]);
    if (!parsed.success) throw new ConnectorSettingsError(options.name, parsed.error.issues, where);
    return parsed.data;
  };
  return {
    settings: parse(schemas.settings, 'settings'),
    credentials: parse(schemas.credentials, 'credentials'),
  };
}

function onePractice(options: ConnectorOptions): string {
  const [practiceRef, ...others] = options.practices;
  if (!practiceRef || others.length > 0)
    throw new Error(
      `PRACTICE_CONNECTORS: connector ${options.name}: one site serves one practice; list one.`,
    );
  return practiceRef;
}

function ezyvetConnection(
  options: ConnectorOptions,
  observer: VendorCallObserver | undefined,
): VendorConnection {
  const { settings, credentials } = checked(ezyvet, options);
  return createEzyvetConnection(
    {
      baseUrl: options.baseUrl,
      ...(settings.booking_base_url ? { bookingBaseUrl: settings.booking_base_url } : {}),
      credentials: {
        partnerId: credentials.partner_id,
        clientId: credentials.client_id,
        clientSecret: credentials.client_secret,
        scope: settings.scope,
        ...(settings.site_uid ? { siteUid: settings.site_uid } : {}),
      },
      practiceRef: onePractice(options),
      ...(settings.page_size ? { pageSize: settings.page_size } : {}),
      ...(settings.rota_days ? { rotaDays: settings.rota_days } : {}),
      ...(settings.price_map ? { priceMap: settings.price_map } : {}),
    },
    observer ? { observer } : {},
  );
}

function provetCloudConnection(
  options: ConnectorOptions,
  observer: VendorCallObserver | undefined,
): VendorConnection {
  const { settings, credentials } = checked(provetCloud, options);
  const speciesCodes = settings.species_codes
    ? Object.fromEntries(
        settings.species_codes.split(',').map((pair) => {
          const [name = '', code = ''] = pair.split('=');
          return [name.trim(), Number(code)];
        }),
      )
    : undefined;
  return createProvetCloudConnection(
    {
      origin: options.baseUrl,
      provetId: settings.provet_id,
      clientId: credentials.client_id,
      clientSecret: credentials.client_secret,
      departmentId: settings.department_id,
      practiceRef: onePractice(options),
      ...(settings.rate_limit_per_minute ? { rateLimitPerMinute: settings.rate_limit_per_minute } : {}),
      ...(settings.page_size
        ? { pageSize: settings.page_size, vendorDefaultPageSize: settings.default_page_size }
        : {}),
      ...(settings.rota_days ? { rotaDays: settings.rota_days } : {}),
      ...(settings.rota_refresh_minutes ? { rotaRefreshMinutes: settings.rota_refresh_minutes } : {}),
      ...(settings.nurse_group_ids
        ? { nurseGroupIds: settings.nurse_group_ids.split(',').map((id) => id.trim()) }
        : {}),
      ...(speciesCodes ? { speciesCodes } : {}),
      ...(settings.price_map ? { priceMap: settings.price_map } : {}),
    },
    observer ? { observer } : {},
  );
}

/** The connection of each system the portal connects to (decisions 0107, 0108). */
export const createVendorConnection: ConnectionFactory = (options, observer) => {
  switch (options.system) {
    case 'ezyvet':
      return ezyvetConnection(options, observer);
    case 'provet-cloud':
      return provetCloudConnection(options, observer);
  }
};
