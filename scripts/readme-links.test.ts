import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './lib/shared/paths.ts';

/**
 * The root README is what a newcomer reads in five minutes; the operator's manual, the integrators' and the
 * connectors' guides and the configuration table live in docs/ pages of their own, one click away. These
 * checks keep that true:
 *
 * - README.md stays under 200 lines;
 * - every page a section of the README moved to is linked from README.md;
 * - every relative link in README.md and in those pages names a file that exists, and every `#anchor` in
 *   such a link (or alone, to the same page) names a heading of its target, by GitHub's rule below; so
 *   does every other Markdown document of the repository, which the moves' links and anchors reach into.
 *
 * GitHub's anchor for a heading (github-slugger's rule): the heading's text as rendered (code spans and
 * emphasis without their marks, a link as its text), lower-cased, every character that is not a letter, a
 * digit, a space, `-` or `_` removed, then each space turned into `-`; a second heading of the same
 * anchor gets `-1`, a third `-2`.
 */

const readmeMaxLines = 200;

/** The pages the README's sections moved to, each to be linked from README.md. */
const movedPages = [
  'docs/configuration.md',
  'docs/operations.md',
  'docs/integration/connecting.md',
  'docs/connectors.md',
  'docs/practice-import-format.md',
  'docs/demo.md',
];

const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');

/** Every Markdown document of the repository, outside dot-folders, node_modules and build output. */
function markdownDocuments(directory = '.'): string[] {
  return readdirSync(join(repoRoot, directory), { withFileTypes: true })
    .flatMap((entry) => {
      const path = normalize(join(directory, entry.name));
      if (entry.isDirectory()) {
        const skipped =
          entry.name.startsWith('.') || ['node_modules', 'dist', 'coverage'].includes(entry.name);
        return skipped ? [] : markdownDocuments(path);
      }
      return entry.name.endsWith('.md') ? [path] : [];
    })
    .sort();
}

/** The Markdown outside fenced code blocks, with inline code spans blanked (a link in code is not a link). */
function prose(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

/** GitHub's anchor for a heading's Markdown text, before duplicates are numbered. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Every heading anchor of a Markdown document, duplicates numbered as GitHub numbers them. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const line of prose(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1] ?? '');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** The targets of a document's inline links (`[text](target)`, the text over several lines too). */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown).replace(/`[^`\n]*`/g, '``');
  return [...text.matchAll(/\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
    (match) => match[1] ?? '',
  );
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** What is wrong with each relative link of `document` (a path from the repository's root): none when empty. */
function brokenLinks(document: string): string[] {
  const problems: string[] = [];
  for (const target of linkTargets(read(document))) {
    if (isExternal(target)) continue;
    const [pathPart = '', anchor] = target.split('#', 2);
    const path = pathPart === '' ? document : normalize(join(dirname(document), decodeURI(pathPart)));
    if (path.startsWith('..') || !existsSync(join(repoRoot, path))) {
      problems.push(`${target}: no file ${path}`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!path.endsWith('.md') || statSync(join(repoRoot, path)).isDirectory()) {
      problems.push(`${target}: an anchor into ${path}, which has no headings`);
    } else if (!anchors(read(path)).has(decodeURIComponent(anchor))) {
      problems.push(`${target}: no heading of ${path} has the anchor #${anchor}`);
    }
  }
  return problems;
}

/** The files README.md links to, as paths from the repository's root. */
function linkedFrom(document: string): string[] {
  return linkTargets(read(document))
    .filter((target) => !isExternal(target))
    .map((target) => target.split('#', 1)[0] ?? '')
    .filter((path) => path !== '')
    .map((path) => normalize(join(dirname(document), decodeURI(path))));
}

describe('the anchor rule', () => {
  it('makes the anchors GitHub makes', () => {
    expect(slug("The operator's command")).toBe('the-operators-command');
    expect(slug('Going live, from an empty database')).toBe('going-live-from-an-empty-database');
    expect(slug('Settings of `npm run walkthrough`')).toBe('settings-of-npm-run-walkthrough');
    expect(slug('0. Start the portal')).toBe('0-start-the-portal');
    expect(slug('A [link](x.md) and **bold**')).toBe('a-link-and-bold');
    expect(slug('Sign-in — and MFA_codes')).toBe('sign-in--and-mfa_codes');
  });

  it('numbers a repeated heading and skips code blocks', () => {
    expect([...anchors('# A\n## A\n```\n# Not a heading\n```\n### A\n')]).toEqual(['a', 'a-1', 'a-2']);
  });

  it('finds links over lines, not in code', () => {
    expect(linkTargets('[a\nb](x.md#y) `[c](z.md)` [d](<w.md>)\n```\n[e](v.md)\n```\n')).toEqual([
      'x.md#y',
      'w.md',
    ]);
  });
});

describe('README.md', () => {
  it(`is under ${readmeMaxLines} lines`, () => {
    const lines = read('README.md').split('\n').length - 1;
    expect(lines, 'README.md is read in five minutes: move detail to a docs/ page').toBeLessThan(
      readmeMaxLines,
    );
  });

  it.each(movedPages)('links to %s', (page) => {
    expect(linkedFrom('README.md')).toContain(page);
  });
});

describe.each(['README.md', ...movedPages])('the links of %s', (document) => {
  it('name files that exist, and headings that exist', () => {
    expect(brokenLinks(document)).toEqual([]);
  });
});

const others = markdownDocuments().filter(
  (document) => document !== 'README.md' && !movedPages.includes(document),
);

describe.each(others)('the links of %s', (document) => {
  it('name files that exist, and headings that exist', () => {
    expect(brokenLinks(document)).toEqual([]);
  });
});
