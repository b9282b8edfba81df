import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './lib/shared/paths.ts';

/**
 * The READMEs' maps are what a newcomer reads first, so a folder or document added without its line must
 * fail here rather than leave the map quietly untrue:
 *
 * - the root README's Layout table names every `apps/<name>` and `packages/<name>`;
 * - packages/README.md names every package as `<name>`;
 * - each app's and package's README names every top-level folder of its `src/`;
 * - docs/README.md names every document under docs/ outside decisions/ (which has its own index).
 *
 * When a README "names a folder": its name followed by a slash, at the start of a path or after `src/`,
 * as the maps write folders (`src/shared/`, `testing/`, `schema/` in a tree). `/appointments/` in a URL
 * does not count: a route is not a folder.
 */

const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');

function folders(path: string): string[] {
  return readdirSync(join(repoRoot, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .map((entry) => entry.name)
    .sort();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `markdown` names the folder `name` by the rule above. */
export function namesFolder(markdown: string, name: string): boolean {
  return new RegExp(`(?:^|[\\s\`'"(\\[]|src/)${escape(name)}/`, 'm').test(markdown);
}

/** The root README's "## Layout" section, up to the next heading of its level. */
function layoutSection(markdown: string): string {
  const start = markdown.indexOf('\n## Layout\n');
  if (start === -1) return '';
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end === -1 ? undefined : end);
}

function documents(directory: string): string[] {
  return readdirSync(join(repoRoot, directory), { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'decisions' ? [] : documents(path);
    return entry.name.endsWith('.md') && entry.name !== 'README.md' ? [relative('docs', path)] : [];
  });
}

const apps = folders('apps').map((name) => `apps/${name}`);
const packages = folders('packages').map((name) => `packages/${name}`);

describe('the folder rule', () => {
  it('counts a folder written as a path or a tree, not a route', () => {
    expect(namesFolder('| `src/shared/` | code |', 'shared')).toBe(true);
    expect(namesFolder('| `src/features/<name>/` | one area |', 'features')).toBe(true);
    expect(namesFolder('src/\n  schema/   the schema', 'schema')).toBe(true);
    expect(namesFolder('the helpers (`testing/`)', 'testing')).toBe(true);
    expect(namesFolder('`GET /appointments/{id}`', 'appointments')).toBe(false);
    expect(namesFolder('`practice-events/` only', 'events')).toBe(false);
    expect(namesFolder('the `testing` folder', 'testing')).toBe(false);
  });
});

describe("the root README's layout", () => {
  const layout = layoutSection(read('README.md'));

  it.each([...apps, ...packages])('names %s', (folder) => {
    expect(layout).toContain(`\`${folder}\``);
  });
});

describe('packages/README.md', () => {
  const map = read('packages/README.md');

  it.each(folders('packages'))('names the package %s', (name) => {
    expect(map).toContain(`\`${name}\``);
  });
});

describe.each([...apps, ...packages])("%s's README", (folder) => {
  const readme = `${folder}/README.md`;

  it('exists', () => {
    expect(existsSync(join(repoRoot, readme)), readme).toBe(true);
  });

  it('names every top-level folder of src/', () => {
    const map = existsSync(join(repoRoot, readme)) ? read(readme) : '';
    const missing = folders(`${folder}/src`).filter((name) => !namesFolder(map, name));
    expect(missing, `folders of ${folder}/src that ${readme} does not name`).toEqual([]);
  });
});

describe('docs/README.md', () => {
  const map = read('docs/README.md');

  it.each(documents('docs'))('names %s', (document) => {
    expect(map.includes(`\`${document}\``) || map.includes(`](${document})`)).toBe(true);
  });
});
