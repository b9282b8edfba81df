import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { integrationErrorCodes, type IntegrationErrorCode } from '@vet/contracts/integration-errors';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breakingChanges, lintContract } from './lib/contract/contract-checks.ts';
import { clientDrift, clientFolder } from './lib/contract/integration-client.ts';
import {
  contractFile,
  contractOf,
  contractText,
  contractVersion,
  contractWriteCommand,
  readContract,
  releasedContractFile,
  servedDocument,
  type OpenApiDocument,
} from './lib/contract/integration-contract.ts';
import { repoRoot } from './lib/shared/paths.ts';

/**
 * The integration API's contract (decision 0109): docs/integration/openapi.json must be what the API
 * serves, pass Redocly's recommended rules, and break nothing of the released v1
 * (docs/integration/versions/v1.json). Each check is also shown failing on a change planted in a copy.
 */

const slow = { timeout: 180_000 };
const committedText = readFileSync(contractFile, 'utf8');
const committed = JSON.parse(committedText) as OpenApiDocument;
const released = readContract(releasedContractFile(Number(contractVersion.split('.')[0])));
const where = relative(repoRoot, contractFile);

/** Where two JSON values first part, as a JSON pointer (RFC 6901), or null when they are equal. */
function firstDifference(a: unknown, b: unknown, path = ''): string | null {
  if (a === b) return null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return path || '/';
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  for (const key of keys) {
    const found = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`,
    );
    if (found !== null) return found;
  }
  return Array.isArray(a) === Array.isArray(b) ? null : path || '/';
}

/** Why the committed contract is not the generated one, or null when it is, byte for byte. */
function drift(file: string, generated: string): string | null {
  if (file === generated) return null;
  const at = firstDifference(JSON.parse(file), JSON.parse(generated)) ?? 'its layout';
  return (
    `${where} is not the document the API serves (first at ${at}). Run \`${contractWriteCommand}\` and ` +
    'commit it; a change to /integration/v1 must break nothing (docs/integration/versioning.md).'
  );
}

/** A copy of a contract (the committed one unless said) with one change planted. */
function planted(change: (document: OpenApiDocument) => void, from = committed): OpenApiDocument {
  const copy = structuredClone(from);
  change(copy);
  return copy;
}

type Schema = { properties: Record<string, Schema>; required: string[] };
const eventData = (document: OpenApiDocument, component: string) =>
  (document.components!.schemas![component] as Schema).properties.data!;
const petBody = (document: OpenApiDocument) =>
  (
    document.paths['/integration/v1/pets/{pet_ref}']!.put as {
      requestBody: { content: { 'application/json': { schema: Schema } } };
    }
  ).requestBody.content['application/json'].schema;

describe('the integration contract, docs/integration/openapi.json', () => {
  let generated: string;
  beforeAll(async () => {
    generated = contractText(contractOf(await servedDocument()));
  }, slow.timeout);

  it('is the document the API serves, cut to the integration API with its webhooks', () => {
    expect(drift(committedText, generated)).toBeNull();
  });

  it('is found drifting when a route changes and the file is not written again (planted)', () => {
    const changed = planted((document) => {
      petBody(document).properties.nickname = { type: 'string' } as unknown as Schema;
    });
    expect(drift(contractText(changed), generated)).toBe(
      'docs/integration/openapi.json is not the document the API serves (first at ' +
        '/paths/~1integration~1v1~1pets~1{pet_ref}/put/requestBody/content/application~1json/schema/properties/nickname). ' +
        'Run `npm run contract:write` and commit it; a change to /integration/v1 must break nothing ' +
        '(docs/integration/versioning.md).',
    );
  });

  it('gives an example of every request body, and of every batch’s items', () => {
    type Examples = { examples?: unknown[] };
    type Body = {
      example?: unknown;
      schema: Examples & { properties?: { items?: Examples & { items?: Examples } } };
    };
    const without = Object.entries(committed.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) => {
        const body = (operation as { requestBody?: { content: Record<string, Body> } }).requestBody?.content[
          'application/json'
        ];
        if (!body) return [];
        const batchItems = body.schema.properties?.items;
        // A batch's example is of the whole list, or of one item.
        const shown =
          body.example !== undefined ||
          body.schema.examples ||
          batchItems?.examples ||
          batchItems?.items?.examples;
        return shown ? [] : [`${method} ${path}`];
      }),
    );
    expect(without).toEqual([]);
  });

  it('shows each error code of the catalogue in an example body, and is of its path’s major version', () => {
    const error = committed.components!.responses!.Error as {
      content: {
        'application/json': { examples: Record<string, { value: { code: string; statusCode: number } }> };
      };
    };
    const examples = error.content['application/json'].examples;
    expect(Object.keys(examples)).toEqual(Object.keys(integrationErrorCodes));
    for (const [code, { value }] of Object.entries(examples))
      expect(value.statusCode, code).toBe(integrationErrorCodes[code as IntegrationErrorCode].status);
    expect(`/integration/v${committed.info.version.split('.')[0]}`).toBe(integrationPathPrefix);
  });

  it('has a webhook and a typed envelope with an example for every event type', () => {
    const webhooks = Object.keys(committed.webhooks ?? {});
    expect(webhooks.length).toBeGreaterThan(0);
    for (const type of webhooks) {
      const schema = committed.components!.schemas![
        (
          committed.webhooks![type] as {
            post: { requestBody: { content: Record<string, { schema: { $ref: string } }> } };
          }
        ).post.requestBody.content['application/json']!.schema.$ref.split('/').pop()!
      ] as { examples?: { type: string }[]; properties: Record<string, unknown> };
      expect(schema.examples?.[0]?.type, type).toBe(type);
      expect(Object.keys(schema.properties), type).toEqual(['id', 'type', 'timestamp', 'data']);
    }
  });
});

describe('the TypeScript client, packages/integration-client/src/generated (decision 0114)', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'contract-client-'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('is what the committed contract generates, file for file', slow, async () => {
    expect(await clientDrift()).toBeNull();
  });

  it('is found stale when the contract gains a route it lacks (planted)', slow, async () => {
    const contract = join(scratch, 'openapi.json');
    writeFileSync(
      contract,
      contractText(
        planted((document) => {
          document.paths['/integration/v1/practices/{practice_ref}']!.get = {
            operationId: 'readPractice',
            responses: { '200': { description: 'The practice' } },
          };
        }),
      ),
    );
    expect(await clientDrift(contract)).toBe(
      `packages/integration-client/src/generated is not what ${relative(repoRoot, contract)} generates ` +
        '(index.ts, sdk.gen.ts, types.gen.ts). Run `npm run contract:write` and commit it (decision 0114).',
    );
  });

  it('is found stale when a generated file is edited by hand (planted in a copy)', slow, async () => {
    const copy = join(scratch, 'generated');
    cpSync(clientFolder, copy, { recursive: true });
    writeFileSync(join(copy, 'sdk.gen.ts'), `${readFileSync(join(copy, 'sdk.gen.ts'), 'utf8')}// edited\n`);
    expect(await clientDrift(undefined, copy)).toMatch(/generates \(sdk\.gen\.ts\)\. Run/);
  });
});

describe('Redocly’s recommended rules (redocly.yaml)', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'contract-'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('find no error in the committed contract', slow, () => {
    const { errors, problems } = lintContract(contractFile);
    expect(
      problems.filter((problem) => problem.severity === 'error'),
      'redocly lint docs/integration/openapi.json',
    ).toEqual([]);
    expect(errors).toBe(0);
  });

  it('find the error planted in a copy: a webhook naming a schema the contract lacks', slow, () => {
    const copy = join(scratch, 'openapi.json');
    const broken = planted((document) => {
      const died = document.webhooks!['pet.died'] as {
        post: { requestBody: { content: Record<string, { schema: unknown }> } };
      };
      died.post.requestBody.content['application/json'] = {
        schema: { $ref: '#/components/schemas/NoSuchEvent' },
      };
    });
    writeFileSync(copy, contractText(broken));
    const { errors, problems } = lintContract(copy);
    expect(errors).toBeGreaterThan(0);
    expect(problems).toContainEqual(
      expect.objectContaining({
        ruleId: 'no-unresolved-refs',
        severity: 'error',
        where: '#/webhooks/pet.died/post/requestBody/content/application~1json/schema',
      }),
    );
  });
  it('find an example planted in a copy that does not fit its schema', slow, () => {
    const copy = join(scratch, 'openapi.json');
    const broken = planted((document) => {
      const died = document.components!.schemas!.PetDiedEvent as { examples: { data: { status: string } }[] };
      died.examples[0]!.data.status = 'Sleeping';
    });
    writeFileSync(copy, contractText(broken));
    expect(lintContract(copy).problems).toContainEqual(
      expect.objectContaining({
        ruleId: 'no-invalid-schema-examples',
        severity: 'error',
        where: '#/components/schemas/PetDiedEvent/examples/0/data/status',
      }),
    );
  });
});

/** The breaking changes are planted in a copy of the released contract, which a change to the routes leaves as it is. */
describe('breaking changes to /integration/v1 since its release (docs/integration/versions/v1.json)', () => {
  it(
    'there are none: a breaking change goes under a new version (docs/integration/versioning.md)',
    slow,
    () => {
      expect(
        breakingChanges(released, committed),
        'breaking changes to /integration/v1 since docs/integration/versions/v1.json: undo them, or make them ' +
          'under a new version (docs/integration/versioning.md)',
      ).toEqual([]);
    },
  );

  it(
    'are found when planted in a copy: an event’s field removed, a field now required, a route gone',
    slow,
    () => {
      const broken = planted((document) => {
        const died = eventData(document, 'PetDiedEvent');
        delete died.properties.recorded_at;
        died.required = died.required.filter((field) => field !== 'recorded_at');
        petBody(document).required = ['name', 'breed'];
        delete document.paths['/integration/v1/vaccinations/{vaccination_ref}/deactivate'];
      }, released);
      const found = breakingChanges(released, broken);
      const at = (fragment: string) => found.filter((change) => change.where.includes(fragment));
      // The webhook's body, and the feed's items, lose a field a practice system reads.
      expect(at('/webhooks/pet.died/').length).toBeGreaterThan(0);
      expect(at('/integration/v1/events/').length).toBeGreaterThan(0);
      expect(at('/integration/v1/pets/{pet_ref}/put/requestBody')).toContainEqual(
        expect.objectContaining({ action: 'add' }),
      );
      expect(at('/integration/v1/vaccinations/{vaccination_ref}/deactivate')).toContainEqual(
        expect.objectContaining({ action: 'remove' }),
      );
    },
  );

  it(
    'are not found in what a practice system can ignore: a field added to an answer, a new version’s route',
    slow,
    () => {
      const extended = planted((document) => {
        eventData(document, 'PetDiedEvent').properties.recorded_by = { type: 'string' } as unknown as Schema;
        document.paths['/integration/v2/events'] = structuredClone(document.paths['/integration/v1/events']!);
      }, released);
      expect(breakingChanges(released, extended)).toEqual([]);
    },
  );
});
