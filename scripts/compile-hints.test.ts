import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addCompileHints, compileHint } from '../apps/web/compile-hints.mjs';

let dir = '';
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('addCompileHints', () => {
  it('marks every script once, in nested folders too, and nothing else', () => {
    dir = mkdtempSync(join(tmpdir(), 'compile-hints-'));
    mkdirSync(join(dir, 'app'));
    writeFileSync(join(dir, 'a.js'), 'console.log(1);');
    writeFileSync(join(dir, 'app/b.js'), 'console.log(2);');
    writeFileSync(join(dir, 'c.css'), 'body{}');

    expect(addCompileHints(dir)).toBe(2);
    expect(addCompileHints(dir)).toBe(0);

    expect(readFileSync(join(dir, 'a.js'), 'utf8')).toBe(`${compileHint}console.log(1);`);
    expect(readFileSync(join(dir, 'app/b.js'), 'utf8')).toBe(`${compileHint}console.log(2);`);
    expect(readFileSync(join(dir, 'c.css'), 'utf8')).toBe('body{}');
    expect(compileHint).toBe('//# allFunctionsCalledOnLoad\n');
  });

  it('moves a source map’s mappings one line down, with the code', () => {
    dir = mkdtempSync(join(tmpdir(), 'compile-hints-'));
    writeFileSync(join(dir, 'a.js'), 'x();\n//# sourceMappingURL=a.js.map');
    writeFileSync(join(dir, 'a.js.map'), JSON.stringify({ version: 3, sources: ['a.ts'], mappings: 'AAAA' }));

    addCompileHints(dir);

    expect(JSON.parse(readFileSync(join(dir, 'a.js.map'), 'utf8'))).toEqual({
      version: 3,
      sources: ['a.ts'],
      mappings: ';AAAA',
    });
  });

  it('finds the map a chunk names, as Turbopack names it after its own hash, and leaves other maps alone', () => {
    dir = mkdtempSync(join(tmpdir(), 'compile-hints-'));
    mkdirSync(join(dir, 'app'));
    const map = { version: 3, sources: ['b.ts'], mappings: 'AAAA' };
    writeFileSync(join(dir, 'app/b.js'), 'y();\n\n//# sourceMappingURL=0f3k-hash.js.map\n');
    writeFileSync(join(dir, 'app/0f3k-hash.js.map'), JSON.stringify(map));
    writeFileSync(join(dir, 'app/unrelated.js.map'), JSON.stringify(map));

    addCompileHints(dir);
    addCompileHints(dir);

    expect(JSON.parse(readFileSync(join(dir, 'app/0f3k-hash.js.map'), 'utf8'))).toEqual({
      ...map,
      mappings: ';AAAA',
    });
    expect(JSON.parse(readFileSync(join(dir, 'app/unrelated.js.map'), 'utf8'))).toEqual(map);
  });

  it('moves each section of an index map one line down', () => {
    dir = mkdtempSync(join(tmpdir(), 'compile-hints-'));
    const section = (line: number) => ({
      offset: { line, column: 0 },
      map: { version: 3, sources: ['c.ts'], mappings: 'AAAA' },
    });
    writeFileSync(join(dir, 'c.js'), 'z();\n//# sourceMappingURL=c.js.map');
    writeFileSync(join(dir, 'c.js.map'), JSON.stringify({ version: 3, sections: [section(0), section(4)] }));

    addCompileHints(dir);

    expect(JSON.parse(readFileSync(join(dir, 'c.js.map'), 'utf8'))).toEqual({
      version: 3,
      sections: [section(1), section(5)],
    });
  });
});
