// After `next build` (`npm run build`): marks each browser chunk for V8's eager compilation (decision 0045).
//
// V8 compiles a function when it is first called, on the main thread, unless the file asks for all of
// them up front with the "explicit compile hint" comment `//# allFunctionsCalledOnLoad` (Chrome 136 and
// later), which it then compiles while the script streams in, off the main thread. The portal's chunks are
// the code that starts a page: at Lighthouse's 4x slower CPU the hint took the longest task of /, /practices,
// /pets/register and /client-detail from 180-215 ms to 105-140 ms. Other browsers read a comment.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const compileHint = '//# allFunctionsCalledOnLoad\n';

/**
 * Adds the hint to the top of every `.js` file under `chunksDir`, once (a file that has it is left as it
 * is), and keeps a source map beside a file true by starting its mappings one line later. Returns how many
 * files it marked.
 */
export function addCompileHints(chunksDir) {
  let marked = 0;
  for (const entry of readdirSync(chunksDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = join(entry.parentPath, entry.name);
    const code = readFileSync(file, 'utf8');
    if (code.startsWith(compileHint)) continue;
    writeFileSync(file, compileHint + code);
    const mapFile = `${file}.map`;
    if (existsSync(mapFile)) {
      const map = JSON.parse(readFileSync(mapFile, 'utf8'));
      writeFileSync(mapFile, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
    }
    marked += 1;
  }
  return marked;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const chunksDir = fileURLToPath(new URL('.next/static/chunks', import.meta.url));
  console.log(`Compile hints: ${addCompileHints(chunksDir)} chunks marked for eager compilation`);
}
