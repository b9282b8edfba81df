/**
 * The benchmark's import process (scripts/bench-import.ts): one runImport of <directory> into the
 * database at DATABASE_URL, its ImportResult written as JSON to <result file>. A process of its own, so
 * the peak memory it reports is the import's alone.
 */
import { writeFileSync } from 'node:fs';
import { runImport } from '../../run-import.ts';

const [directory, resultFile] = process.argv.slice(2);
const databaseUrl = process.env.DATABASE_URL;
if (!directory || !resultFile || !databaseUrl) {
  process.stderr.write('Usage: DATABASE_URL=… import-once.ts <directory> <result file>\n');
  process.exit(2);
}

const result = await runImport({ directory, databaseUrl, progress: 'none' });
writeFileSync(resultFile, JSON.stringify(result));
process.exitCode = result.exitCode;
