import { readFileSync, writeFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { join } from 'node:path';
import { integrationErrorCodes } from '@vet/contracts/integration-errors';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { practiceEventSchemaId } from '@vet/contracts/practice-event-envelopes';
import { practiceEventTypes } from '@vet/contracts/practice-events';
import { connectDatabase } from '@vet/db/connection';
import { buildApp } from '../../../apps/api/src/app.ts';
import { loadConfig } from '../../../apps/api/src/config/index.ts';
import { repoRoot } from '../shared/paths.ts';

/**
 * The integration API's contract (decision 0109): the API's own OpenAPI document (/docs/json, generated
 * from the routes' zod schemas) cut down to the /integration/v1 paths and the components they name, with
 * a `webhooks` section, one entry per practice event type. `npm run contract:write` writes it to
 * docs/integration/openapi.json; scripts/integration-contract.test.ts fails when the two differ.
 */

export const contractFile = join(repoRoot, 'docs/integration/openapi.json');
/** The contract of each released major version, kept as it was released: the breaking-change baseline. */
export const releasedContractFile = (major: number) =>
  join(repoRoot, `docs/integration/versions/v${major}.json`);
export const contractWriteCommand = 'npm run contract:write';

export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  info: Record<string, unknown> & { version: string };
  paths: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, unknown>;
  components?: Record<string, Record<string, unknown>>;
};

/**
 * The contract's own version (semver): its major is the path's (/integration/v1). A change a practice
 * system can ignore raises the minor; a breaking one needs a new major under a new path
 * (docs/integration/versioning.md).
 */
export const contractVersion = '1.0.0';

/**
 * The served document, as a fixed configuration builds it (the defaults: the addresses of a local run).
 * No database is reached: the pool connects only on a query, and serving /docs/json makes none.
 */
export async function servedDocument(): Promise<OpenApiDocument> {
  const unused = 'postgres://contract@127.0.0.1:1/none';
  const handle = connectDatabase(unused);
  const app = await buildApp({
    config: loadConfig({ DATABASE_URL: unused, NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    db: handle.db,
    pool: handle.pool,
    logger: false,
  });
  try {
    const response = await app.inject({ method: 'GET', url: '/docs/json' });
    if (response.statusCode !== 200) throw new Error(`/docs/json answered ${response.statusCode}`);
    return response.json<OpenApiDocument>();
  } finally {
    await app.close();
    await handle.close();
  }
}

/** Every `#/components/schemas/…` a value names, directly. */
function schemaRefs(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) schemaRefs(item, found);
  else if (value !== null && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/'))
        found.add(child.slice('#/components/schemas/'.length));
      else schemaRefs(child, found);
    }
  return found;
}

/** The schemas `roots` name, and those they name in turn. */
function usedSchemas(roots: unknown, schemas: Record<string, unknown>): Record<string, unknown> {
  const used = new Set<string>();
  const pending = [...schemaRefs(roots)];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...schemaRefs(schemas[name]));
  }
  return Object.fromEntries(
    Object.keys(schemas).flatMap((name) => (used.has(name) ? [[name, schemas[name]]] : [])),
  );
}

/** The security schemes the operations of `paths` name. */
function securityNames(paths: Record<string, Record<string, unknown>>): Set<string> {
  return new Set(
    Object.values(paths).flatMap((operations) =>
      Object.values(operations).flatMap((operation) =>
        ((operation as { security?: Record<string, unknown>[] }).security ?? []).flatMap(Object.keys),
      ),
    ),
  );
}

const standardWebhooks = 'https://www.standardwebhooks.com/';

/** The Standard Webhooks headers every delivery carries (docs/practice-events.md, "Receiving webhooks"). */
const webhookHeaders = [
  ['webhook-id', "The event's id (evt_42): the same on every retry; use it to drop repeats.", 'evt_42'],
  [
    'webhook-timestamp',
    'Seconds since the epoch when this attempt was signed; refuse old ones.',
    '1764148443',
  ],
  [
    'webhook-signature',
    'v1,<base64 HMAC-SHA256> of <id>.<timestamp>.<body> with the endpoint’s secret (Standard Webhooks).',
    'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  ],
].map(([name, description, example]) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
}));

/** One webhook per event type: the portal POSTs the typed envelope to the practice system's endpoint. */
function webhooks(): Record<string, unknown> {
  return Object.fromEntries(
    practiceEventTypes.map((type) => [
      type,
      {
        post: {
          operationId: `${practiceEventSchemaId(type).replace(/^./, (first) => first.toLowerCase())}Webhook`,
          summary: type,
          description:
            `Sent to each endpoint that takes ${type} (docs/practice-events.md says what it means), ` +
            `signed as [Standard Webhooks](${standardWebhooks}) says; the same event is in the feed (GET ` +
            `${integrationPathPrefix}/events).`,
          tags: ['Webhooks'],
          security: [],
          parameters: webhookHeaders,
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { $ref: `#/components/schemas/${practiceEventSchemaId(type)}` } },
            },
          },
          responses: {
            '2XX': { description: 'Stored: the event is delivered. Any other answer is retried later.' },
          },
        },
      },
    ]),
  );
}

/**
 * The error answers as shared components (`#/components/responses/Error`): the served document repeats
 * them in every operation, which would make most of the contract. Every status answers the one error
 * shape (docs/integration-errors.md); should an operation ever answer another, it is numbered (`Error2`).
 */
function sharedErrorResponses(paths: Record<string, Record<string, unknown>>) {
  const named = new Map<string, string>();
  const responses: Record<string, unknown> = {};
  const hoisted = Object.fromEntries(
    Object.entries(paths).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations).map(([method, operation]) => {
          const { responses: answers, ...rest } = operation as { responses?: Record<string, unknown> };
          if (!answers) return [method, operation];
          const shared = Object.entries(answers).map(([status, answer]): [string, unknown] => {
            if (Number(status) < 400) return [status, answer];
            const text = JSON.stringify(answer);
            let name = named.get(text);
            if (!name) {
              name = named.size === 0 ? 'Error' : `Error${named.size + 1}`;
              named.set(text, name);
              responses[name] = answer;
            }
            return [status, { $ref: `#/components/responses/${name}` }];
          });
          return [method, { ...rest, responses: Object.fromEntries(shared) }];
        }),
      ),
    ]),
  );
  return { paths: hoisted, responses };
}

type ErrorResponse = {
  content: Record<string, { schema: { properties: { code: Record<string, unknown> } }; examples?: unknown }>;
};

/**
 * The shared error answer with the integration API's codes (decision 0102): the served document has the
 * portal's one error shape, whose `code` the integration API's hook fills from the catalogue
 * (integration-api.ts); the contract names the catalogue, with an example body of each code. Not an
 * `enum`: a new code may appear within a version, and a caller handles one it does not know by its status.
 */
function withIntegrationCodes(response: unknown): unknown {
  const { content, ...rest } = response as ErrorResponse;
  const json = content['application/json'];
  if (!json) return response;
  const { schema } = json;
  return {
    ...rest,
    description: 'The error body: act on `code` (docs/integration-errors.md), show or log `message`.',
    content: {
      'application/json': {
        schema: {
          ...schema,
          properties: {
            ...schema.properties,
            code: {
              ...schema.properties.code,
              description:
                'On every 4xx: what to do, from the catalogue of docs/integration-errors.md. A code this ' +
                'version does not list is handled by its status. 5xx answers carry none.',
            },
          },
        },
        examples: Object.fromEntries(
          Object.entries(integrationErrorCodes).map(([code, { status, meaning }]) => [
            code,
            {
              summary: `${status} ${code}`,
              value: { statusCode: status, error: STATUS_CODES[status], message: meaning, code },
            },
          ]),
        ),
      },
    },
  };
}

/** The integration API's contract, from the served document. */
export function contractOf(served: OpenApiDocument): OpenApiDocument {
  const { paths, responses } = sharedErrorResponses(
    Object.fromEntries(
      Object.entries(served.paths).filter(([path]) => path.startsWith(`${integrationPathPrefix}/`)),
    ),
  );
  const hooks = webhooks();
  const { securitySchemes, schemas = {} } = served.components ?? {};
  const integrationTag = (served.tags as { name: string }[] | undefined)?.filter(
    (tag) => tag.name === 'Integration',
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Client Portal integration API',
      version: contractVersion,
      summary: "The practice system's way in (/integration/v1) and the events the portal sends it.",
      description:
        'What a practice management system codes against: its records, desk bookings, list entries, ' +
        'acknowledgements and booking payments by its own references, answers to owners’ messages, the event ' +
        'feed, and the events the ' +
        'portal sends as webhooks. Errors: docs/integration-errors.md; events: docs/practice-events.md; what may change ' +
        'and how it is announced: docs/integration/versioning.md.',
      contact: (served.info as { contact?: unknown }).contact,
      license: (served.info as { license?: unknown }).license,
    },
    // Each deployment has its own address (API_PUBLIC_URL); a local run's is the default.
    servers: [
      {
        url: '{api_url}',
        description: 'The portal deployment’s API',
        variables: {
          api_url: {
            default: (served.servers as { url: string }[] | undefined)?.[0]?.url ?? '',
            description: 'The API_PUBLIC_URL of the deployment, given to the practice by its operator',
          },
        },
      },
    ],
    tags: [
      ...(integrationTag ?? []),
      { name: 'Webhooks', description: 'The events the portal POSTs to the practice system (decision 0067)' },
    ],
    paths,
    webhooks: hooks,
    components: {
      schemas: usedSchemas({ paths, hooks, responses }, schemas),
      responses: Object.fromEntries(
        Object.entries(responses).map(([name, response]) => [name, withIntegrationCodes(response)]),
      ),
      // The schemes its operations name alone (a person's bearer token is refused there).
      securitySchemes: Object.fromEntries(
        Object.entries(securitySchemes ?? {}).filter(([name]) => securityNames(paths).has(name)),
      ),
    },
  };
}

/** The contract as the file holds it: two-space JSON, one final newline (prettier leaves it as it is). */
export const contractText = (contract: OpenApiDocument) => `${JSON.stringify(contract, null, 2)}\n`;

export const readContract = (file: string): OpenApiDocument =>
  JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;

export async function writeContract(): Promise<string> {
  const text = contractText(contractOf(await servedDocument()));
  writeFileSync(contractFile, text);
  return text;
}
