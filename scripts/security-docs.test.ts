import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/security/asvs.md and hardening.md cite tests as `file` "test name". A renamed or deleted test
 * must not leave the documents claiming evidence that no longer exists: every cited file exists and
 * holds every name cited with it.
 */

const testFile = /`([\w./-]+\.test\.tsx?)`/g;
const trackedFiles = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n');

function resolve(cited: string): string | undefined {
  if (trackedFiles.includes(cited)) return cited;
  const byName = trackedFiles.filter((file) => basename(file) === basename(cited));
  return byName.length === 1 ? byName[0] : undefined;
}

/** Each cited test file with the quoted names that follow it, up to the next file or `;`. */
export function citations(markdown: string): { file: string; names: string[] }[] {
  const found: { file: string; names: string[] }[] = [];
  for (const line of markdown.split('\n')) {
    const matches = [...line.matchAll(testFile)];
    matches.forEach((match, i) => {
      const end = Math.min(
        matches[i + 1]?.index ?? line.length,
        ...[line.indexOf(';', match.index)].filter((at) => at > match.index),
      );
      const evidence = line.slice(match.index + match[0].length, end);
      const names = [...evidence.matchAll(/"((?:[^"\\]|\\.)+)"/g)].map((name) =>
        name[1]!.replace(/\\(.)/g, '$1'),
      );
      found.push({ file: match[1]!, names });
    });
  }
  return found;
}

describe.each(['docs/security/asvs.md', 'docs/security/hardening.md'])('the tests %s cites', (document) => {
  const cited = citations(readFileSync(document, 'utf8'));

  it('cite at least one test', () => {
    expect(cited.length).toBeGreaterThan(0);
  });

  it('exist, with the names cited', () => {
    const problems: string[] = [];
    for (const { file, names } of cited) {
      const path = resolve(file);
      if (!path) {
        problems.push(`${file}: no such test file`);
        continue;
      }
      const source = readFileSync(path, 'utf8');
      for (const name of names) {
        if (!source.includes(name)) problems.push(`${file}: no test named "${name}"`);
      }
    }
    expect(problems).toEqual([]);
  });
});
