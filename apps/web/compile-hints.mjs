// After `next build` (`npm run build`): marks each browser chunk for V8's eager compilation (decision 0045).
//
// V8 compiles a function when it is first called, on the main thread, unless the file asks for all of
// them up front with the "explicit compile hint" comment `//# allFunctionsCalledOnLoad` (Chrome 136 and
// later), which it then compiles while the script streams in, off the main thread. The portal's chunks are
// the code that starts a page: at Lighthouse's 4x slower CPU the hint took the longest task of /, /practices,
// /pets/register and /client-detail from 180-215 ms to 105-140 ms. Other browsers read a comment.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const compileHint = '//# allFunctionsCalledOnLoad\n';

/**
 * Adds the hint to the top of every `.js` file under `chunksDir`, once (a file that has it is left as it
 * is), and keeps the file's source map, where there is one, true by moving its mappings one line down.
 * Returns how many files it marked.
 */
export function addCompileHints(chunksDir) {
  let marked = 0;
  for (const entry of readdirSync(chunksDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = join(entry.parentPath, entry.name);
    const code = readFileSync(file, 'utf8');
    if (code.startsWith(compileHint)) continue;
    writeFileSync(file, compileHint + code);
    const mapFile = sourceMapOf(file, code);
    if (mapFile)
      writeFileSync(mapFile, JSON.stringify(oneLineDown(JSON.parse(readFileSync(mapFile, 'utf8')))));
    marked += 1;
  }
  return marked;
}

/**
 * The source map a chunk names on its last `//# sourceMappingURL=` line (Turbopack names a chunk's map
 * after its own hash, not the chunk's), or `<file>.map`; undefined when there is none on disk.
 */
function sourceMapOf(file, code) {
  const named = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
  const local = named && !/^[a-z]+:/i.test(named) ? join(dirname(file), named) : undefined;
  return [local, `${file}.map`].find((candidate) => candidate !== undefined && existsSync(candidate));
}

/** The map of the same code one line further down: an index map's sections, or a plain map's mappings. */
function oneLineDown(map) {
  if (Array.isArray(map.sections)) {
    return {
      ...map,
      sections: map.sections.map((section) => ({
        ...section,
        offset: { ...section.offset, line: section.offset.line + 1 },
      })),
    };
  }
  return { ...map, mappings: `;${map.mappings}` };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const chunksDir = fileURLToPath(new URL('.next/static/chunks', import.meta.url));
  console.log(`Compile hints: ${addCompileHints(chunksDir)} chunks marked for eager compilation`);
}
