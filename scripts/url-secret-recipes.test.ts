import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { webhookSecretPattern } from '../apps/api/src/config/connectors.ts';

/**
 * A Provet Cloud webhook secret is a segment of a URL (decision 0140, security round four S7): a recipe in
 * the docs whose output can hold `/`, `+` or `=` (base64) makes the webhook answer 404 about half the time,
 * like a wrong secret. Every recipe the docs give for it must make what the API accepts at start.
 */

const urlBorne = /PROVET_WEBHOOK_SECRET|webhook_secret/;
const recipe = /openssl rand -(hex|base64) (\d+)/g;

function markdownUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The deployment's settings files, one per process (decision 0138). */
const settingsExamples = readdirSync('deploy/env')
  .filter((name) => name.endsWith('.env.example'))
  .map((name) => join('deploy/env', name));

const documents = ['README.md', ...settingsExamples, ...markdownUnder('docs')];

/** The longest output of `openssl rand -<encoding> <bytes>`, with every character it may hold. */
function worstOutput(encoding: string, bytes: number): string {
  if (encoding === 'hex') return '0123456789abcdef'.repeat(bytes).slice(0, 2 * bytes);
  return 'AZaz09+/'.repeat(bytes).slice(0, 4 * Math.ceil(bytes / 3) - 1) + '=';
}

describe('recipes for a secret that goes in a URL', () => {
  const found = documents.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        urlBorne.test(line)
          ? [...line.matchAll(recipe)].map((match) => ({
              where: `${file}:${index + 1}`,
              output: worstOutput(match[1]!, Number(match[2])),
            }))
          : [],
      ),
  );

  it('are in the docs (docs/connectors.md gives one)', () => {
    expect(found.map(({ where }) => where)).toContainEqual(expect.stringMatching(/^docs\/connectors\.md:/));
  });

  it('make a secret the API accepts at start: URL-safe, 32 to 256 characters', () => {
    expect(
      found.filter(({ output }) => !webhookSecretPattern.test(output)).map(({ where }) => where),
    ).toEqual([]);
  });
});
