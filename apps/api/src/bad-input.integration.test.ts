import { apiErrorSchema } from '@vet/contracts/errors';
import { useTestDatabase } from '@vet/db/testing/test-database';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from './testing/signed-in-app.ts';

/**
 * Bad input, generated, against every route of the OpenAPI document (so a new route is
 * covered without editing this test), as a signed-in, linked client, and the integration API's routes as
 * a practice system (decision 0062): never a 5xx, every refusal in the API's error shape, no stack trace,
 * and none of the input echoed back in an error.
 */
const database = useTestDatabase({ max: 10 });
const { context, signedInClient, machineAuthorization } = useSignedInTestApp(database);

interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: string }[];
  hasBody: boolean;
  /** An integration route: called with the practice system's token, not the client's. */
  forMachines: boolean;
}

/** Every input carries this, so an echo of it in an answer is easy to find. */
const marker = 'Zq7Echo';

const oddText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('-1', '0', '1e309', 'NaN', '9'.repeat(30), '../../etc', '%00', '<script>', "' or 1=1 --"),
  fc.integer().map(String),
);
const marked = oddText.map((text) => `${marker}${text}`);
const oddJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }),
  marked,
);

function operationsOf(document: {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Operation['parameters']; requestBody?: unknown; security?: Record<string, unknown>[] }
    >
  >;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      hasBody: operation.requestBody !== undefined,
      forMachines: operation.security?.some((entry) => 'practiceSystemAuth' in entry) ?? false,
    })),
  );
}

describe('generated bad input on every route', () => {
  let operations: Operation[];
  let authorization: string;
  let machine: string;
  beforeAll(async () => {
    const response = await context.app.inject({ method: 'GET', url: '/docs/json' });
    operations = operationsOf(response.json()).filter((operation) => !operation.path.startsWith('/docs'));
    ({ authorization } = await signedInClient());
    machine = await machineAuthorization();
  });

  it('covers the documented routes', () => {
    expect(operations.length).toBeGreaterThan(30);
  });

  it('never answers 5xx, a stack trace, or the input back', async () => {
    for (const operation of operations) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(marked, { minLength: 4, maxLength: 4 }),
          fc.dictionary(fc.string({ maxLength: 10 }), marked, { maxKeys: 3 }),
          oddJson,
          fc.boolean(),
          async (pathValues, extraQuery, body, rawBody) => {
            let url = operation.path;
            const query = new URLSearchParams(extraQuery);
            operation.parameters.forEach((parameter, index) => {
              const value = pathValues[index % pathValues.length] ?? marker;
              if (parameter.in === 'path')
                url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
              else if (parameter.in === 'query') query.set(parameter.name, value);
            });
            const payload = rawBody ? `${marker}{"not json` : JSON.stringify(body);
            const response = await context.app.inject({
              method: operation.method as 'GET',
              url: `${url}?${query.toString()}`,
              headers: {
                authorization: operation.forMachines ? machine : authorization,
                'content-type': 'application/json',
                origin: 'http://localhost:3000',
              },
              ...(operation.hasBody ? { payload } : {}),
            });
            const label = `${operation.method} ${url}`;
            expect(response.statusCode, label).toBeLessThan(500);
            if (response.statusCode >= 400) {
              expect(apiErrorSchema.safeParse(response.json()).success, label).toBe(true);
              expect(response.body, label).not.toContain(marker);
              expect(response.body, label).not.toMatch(/\n\s+at /);
            }
          },
        ),
        { numRuns: 12, seed: 20261123 },
      );
    }
  });
});
