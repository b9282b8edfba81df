import { readFileSync } from 'node:fs';
import { apiErrorSchema } from '@vet/contracts/errors';
import { integrationErrorCodes } from '@vet/contracts/integration-errors';
import { describe, expect, it } from 'vitest';

/**
 * docs/integration-errors.md is the list a practice system's developers code against (decision 0102): its
 * table must be the catalogue, row for row, and each example an error body the API could send.
 */
const markdown = readFileSync(new URL('../docs/integration-errors.md', import.meta.url), 'utf8');
// The page is plain ASCII where the catalogue has typographic apostrophes.
const plain = (text: string) => text.replaceAll('’', "'");

function tableRows(): [string, number, string][] {
  return [...markdown.matchAll(/^\| `([a-z_]+)` +\| (\d{3}) +\| (.+?) +\|$/gm)].map((row) => [
    row[1]!,
    Number(row[2]),
    row[3]!,
  ]);
}

/** The bodies of the JSON blocks: one object per line, or one over several lines. */
function examples(): unknown[] {
  const bodies: unknown[] = [];
  for (const block of markdown.matchAll(/```json\n([\s\S]*?)```/g)) {
    let pending = '';
    for (const line of block[1]!.split('\n')) {
      pending += line;
      if (pending.trim() === '') continue;
      try {
        bodies.push(JSON.parse(pending));
        pending = '';
      } catch {
        // Not a whole object yet: its next line follows.
      }
    }
    expect(pending.trim(), 'a JSON example that does not parse').toBe('');
  }
  return bodies;
}

describe('docs/integration-errors.md', () => {
  it('lists every code of the catalogue, in its order, with its status and meaning', () => {
    const catalogue = Object.entries(integrationErrorCodes).map(
      ([code, { status, meaning }]) => [code, status, plain(meaning)] as const,
    );
    expect(tableRows()).toEqual(catalogue);
  });

  it('shows each code in an example body the API could send, at the code’s status', () => {
    const shown = new Set<string>();
    for (const example of examples()) {
      const body = apiErrorSchema.strict().parse(example);
      const code = body.code as keyof typeof integrationErrorCodes;
      expect(integrationErrorCodes[code]?.status, JSON.stringify(body)).toBe(body.statusCode);
      shown.add(code);
    }
    expect([...shown].sort()).toEqual(Object.keys(integrationErrorCodes).sort());
  });
});
