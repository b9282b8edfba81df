import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Each icon is made by a call at the top of icons.tsx; a bundler keeps every such call (and its path)
 * unless it is marked pure, so without the mark every icon would ship with every page that uses one.
 */
describe('icons.tsx', () => {
  it('marks every icon it makes as pure, so that pages carry only the icons they use', () => {
    const source = readFileSync(new URL('./icons.tsx', import.meta.url), 'utf8');
    const made = source.match(/^export const \w+ = .*$/gm) ?? [];
    expect(made.length).toBeGreaterThan(10);
    expect(made.filter((line) => !line.includes('= /* @__PURE__ */ svgIcon('))).toEqual([]);
  });
});
