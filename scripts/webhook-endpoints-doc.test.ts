import { readFileSync } from 'node:fs';
import { apiErrorSchema } from '@vet/contracts/errors';
import { integrationErrorCodes } from '@vet/contracts/integration-errors';
import { webhookEndpointWithSecretSchema } from '@vet/contracts/integration-webhook-endpoints';
import { practiceEventTypes } from '@vet/contracts/practice-events';
import { describe, expect, it } from 'vitest';

/**
 * docs/integration/webhook-endpoints.md (decision 0112) is what a practice system's developers manage their
 * endpoints from: it must name every event type a filter may take, each error code of the routes with an
 * example body the API could send, and show a registration's answer as the contract types it.
 */
const markdown = readFileSync(new URL('../docs/integration/webhook-endpoints.md', import.meta.url), 'utf8');
const section = (title: string) => markdown.split(`## ${title}`)[1]!.split('\n## ')[0]!;

/** Each line of a JSON block that is an object on its own, or each whole block. */
function jsonBodies(text: string): unknown[] {
  const parse = (json: string): unknown => JSON.parse(json);
  return [...text.matchAll(/```json\n([\s\S]*?)```/g)].flatMap((block) => {
    const body = block[1]!.trim();
    return body.startsWith('{\n') ? [parse(body)] : body.split('\n').map(parse);
  });
}

describe('docs/integration/webhook-endpoints.md', () => {
  it('lists every event type, in the catalogue’s order, each linked to its example', () => {
    const listed = [...section('Event types a filter may name').matchAll(/^\| `([a-z_.]+)` +\|/gm)];
    expect(listed.map((row) => row[1])).toEqual([...practiceEventTypes]);
    const examples = readFileSync(new URL('../docs/practice-events.md', import.meta.url), 'utf8');
    for (const type of practiceEventTypes) expect(examples).toContain(`### ${type}\n`);
  });

  it('shows each error code of its table in a body the API could send, at the code’s status', () => {
    const errors = section('Error codes of these routes');
    const table = [...errors.matchAll(/^\| `([a-z_]+)` +\| (\d{3}) +\|/gm)].map((row) => [
      row[1],
      Number(row[2]),
    ]);
    const shown = jsonBodies(errors).map((example) => apiErrorSchema.strict().parse(example));
    expect(shown.map((body) => [body.code, body.statusCode])).toEqual(table);
    for (const [code, status] of table)
      expect(integrationErrorCodes[code as keyof typeof integrationErrorCodes]?.status).toBe(status);
    expect(table.map(([code]) => code)).toEqual(
      expect.arrayContaining([
        'too_many_endpoints',
        'endpoint_has_waiting_deliveries',
        'practice_not_served',
      ]),
    );
  });

  it('shows a registration’s answer as the contract types it', () => {
    const [answer] = jsonBodies(section('Register'));
    expect(webhookEndpointWithSecretSchema.strict().safeParse(answer).success).toBe(true);
  });
});
