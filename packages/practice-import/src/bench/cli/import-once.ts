/**
 * The benchmark's import process (scripts/bench-import.ts): one runImport of <directory> into the
 * database at DATABASE_URL, its ImportResult written as JSON to <result file> with the seconds of each
 * file's phases (`phases`) and the process's CPU seconds (`cpuSeconds`, steadier than wall time on a busy
 * machine) beside it. A process of its own, so the peak memory it reports is the
 * import's alone.
 */
import { writeFileSync } from 'node:fs';
import { PhaseTimes } from '../../engine/phase-times.ts';
import { runImport } from '../../run-import.ts';

const [directory, resultFile] = process.argv.slice(2);
const databaseUrl = process.env.DATABASE_URL;
if (!directory || !resultFile || !databaseUrl) {
  process.stderr.write('Usage: DATABASE_URL=… import-once.ts <directory> <result file>\n');
  process.exit(2);
}

const times = new PhaseTimes();
const result = await runImport({ directory, databaseUrl, progress: 'none', times });
const cpu = process.cpuUsage();
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
writeFileSync(resultFile, JSON.stringify({ ...result, phases: times.seconds, cpuSeconds }));
process.exitCode = result.exitCode;
