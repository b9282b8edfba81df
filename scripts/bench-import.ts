/**
 * `npm run bench:import`: generates a group-scale practice export (BENCH_SCALE, 1 = 500 practices,
 * 10,000 clinicians, 1 million clients, 1.5 million pets, 10 million appointments, 3 million
 * vaccinations) into .data/bench-import/<scale>/ (reused when one of that scale is there), imports it
 * into a new, empty database (DATABASE_URL's server or an embedded one) holding only the portal's own
 * lists (the reference lists of decision 0096), then imports it again unchanged, each time in a process of its own. Prints rows, rows per
 * second, wall time and peak memory per file and in all, then each file's seconds by phase, beside the
 * issue's targets, with the machine's load average around each import. Then the same for the export
 * with unknown labels (.data/bench-import/<scale>-unknown-labels/: the same export but for a tenth of
 * the pets, whose labels the lists lack, decision 0131), in a database of its own, with how many pets
 * carry such labels and how many values the import kept unmapped. Prints numbers; asserts nothing
 * (decision 0023). BENCH_KEEP=1 keeps the databases afterwards; BENCH_CPU_PROF=<dir> writes a CPU profile
 * of each import process into <dir>.
 * BENCH_INVOICE_LINES=<n> (issue 63) runs the bills' bench instead: practices, clients and pets at
 * BENCH_SCALE (default 0.05 here) and invoices.csv with n invoice_lines.csv rows (bench-bills.ts), into
 * .data/bench-import/bills-<scale>-<n>/, imported twice, beside the target of 1 M lines in 5 minutes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { addDays, isoDayOfWeek, practiceDate } from '@vet/contracts/practice-clock';
import { connectDatabase } from '@vet/db/connection';
import { createScratchDatabase } from '@vet/db/scratch-database';
import { loadReferenceLists } from '@vet/db/reference/load-reference-lists';
import {
  BENCH_SEED,
  generateBenchExport,
  type GeneratedFile,
} from '@vet/practice-import/bench/generate-export';
import { unknownLabelCounts } from '@vet/practice-import/bench/bench-records';
import { benchCounts, benchShape } from '@vet/practice-import/bench/bench-shape';
import type { Phase } from '@vet/practice-import/engine/phase-times';
import type { ImportResult } from '@vet/practice-import/run-import';
import { startBenchDatabaseServer } from './lib/bench/group-database.ts';
import { repoRoot } from './lib/shared/paths.ts';

const invoiceLines = Number(process.env.BENCH_INVOICE_LINES ?? '0');
const scale = Number(process.env.BENCH_SCALE ?? (invoiceLines > 0 ? '0.05' : '1'));
const embeddedPort = 54395;
const MB = 1024 * 1024;
const TARGETS = {
  clientsAndPetsSeconds: 180,
  totalSeconds: 900,
  reimportShare: 0.5,
  peakBytes: 512 * MB,
  // Issue 63: a million invoice lines in under 5 minutes.
  invoiceLinesSeconds: 300,
};
/** The bills' bench writes these and the invoices only (what the invoices name). */
const BILLS_BENCH_FILES = ['practices.csv', 'clients.csv', 'pets.csv'] as const;

const log = (line: string) => console.log(line);
const seconds = (s: number) => `${s.toFixed(1)} s`;
const count = (n: number) => n.toLocaleString('en-GB');
const perSecond = (rows: number, s: number) => (s > 0 ? count(Math.round(rows / s)) : '–');

const cpuProfileDir = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : undefined;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/** The two exports imported: the plain one, then the one with unknown labels (decision 0131). */
interface BenchExport {
  title: string;
  directory: string;
  unknownLabels: boolean;
}
const groupExports: BenchExport[] = [
  {
    title: "the export with every label in the portal's lists",
    directory: join(repoRoot, '.data/bench-import', String(scale)),
    unknownLabels: false,
  },
  {
    title: 'the export with unknown labels (a tenth of the pets, decision 0131)',
    directory: join(repoRoot, '.data/bench-import', `${scale}-unknown-labels`),
    unknownLabels: true,
  },
];
const exports: BenchExport[] =
  invoiceLines > 0
    ? [
        {
          title: `practices, clients, pets and ${count(invoiceLines)} invoice lines (issue 63)`,
          directory: join(repoRoot, '.data/bench-import', `bills-${scale}-${invoiceLines}`),
          unknownLabels: false,
        },
      ]
    : groupExports;
const prepared: [BenchExport, Generation][] = [];
for (const benchExport of exports) prepared.push([benchExport, await prepareExport(benchExport)]);

const server = await startBenchDatabaseServer('.data/bench-import-postgres', embeddedPort);
try {
  for (const [i, [benchExport, generation]] of prepared.entries()) {
    log(`\n=== ${i + 1} of ${prepared.length}: ${benchExport.title} ===`);
    await importTwice(server.url, benchExport, generation);
  }
} finally {
  await server.stop();
}

/** Imports the export into a new database with the portal's lists, then again unchanged; reports both. */
async function importTwice(serverUrl: string, benchExport: BenchExport, generation: Generation) {
  const database = await createScratchDatabase(serverUrl, 'bench_import');
  try {
    const handle = connectDatabase(database.url, { max: 1 });
    try {
      await loadReferenceLists(handle.pool);
    } finally {
      await handle.close();
    }
    const first = importOnce('first import, into the empty database', benchExport.directory, database.url);
    const second = importOnce('second import, the same files unchanged', benchExport.directory, database.url);
    report(generation.files, first, second);
    if (invoiceLines === 0) await reportUnknownLabels(benchExport, generation, database.url);
  } finally {
    if (process.env.BENCH_KEEP === '1') log(`Kept the database: ${database.url}`);
    else await database.drop();
  }
}

interface Generation {
  files: GeneratedFile[];
  anchorMonday: string;
}

/** The export of this scale: the one generated before (its summary beside it), or a new one. */
async function prepareExport({ directory, unknownLabels }: BenchExport): Promise<Generation> {
  const summaryFile = `${directory}.json`;
  if (existsSync(summaryFile)) {
    const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as Generation & {
      scale: number;
      unknownLabels?: boolean;
    };
    if (summary.scale === scale && (summary.unknownLabels ?? false) === unknownLabels) {
      // The bills' export's directory names its scale and lines.
      log(`Reusing the export at ${directory} (scale ${scale}).`);
      return summary;
    }
  }
  rmSync(summaryFile, { force: true });
  rmSync(directory, { recursive: true, force: true });
  const today = practiceDate(new Date());
  const anchorMonday = addDays(today, 1 - isoDayOfWeek(today));
  const all = benchCounts(benchShape(scale));
  const counts =
    invoiceLines > 0 ? { practices: all.practices, clients: all.clients, pets: all.pets, invoiceLines } : all;
  const what = unknownLabels ? ', a tenth of the pets with unknown labels,' : '';
  log(`Generating the export at scale ${scale}${what} into ${directory}: ${JSON.stringify(counts)}`);
  const files = await generateBenchExport({
    directory,
    scale,
    anchorMonday,
    unknownLabels,
    ...(invoiceLines > 0 ? { files: BILLS_BENCH_FILES, invoiceLines } : {}),
    onFile: (file, rows, s) => log(`  ${file.padEnd(24)} ${count(rows).padStart(10)} rows  ${seconds(s)}`),
  });
  const total = files.reduce((sum, f) => sum + f.seconds, 0);
  log(
    `Generated in ${seconds(total)} (peak memory of this process so far: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB).`,
  );
  writeFileSync(summaryFile, JSON.stringify({ scale, unknownLabels, anchorMonday, files }));
  return { files, anchorMonday };
}

/**
 * The pets the generator gave labels the lists lack (counted again from its seeded draws), and the
 * values the two imports left in practice_list_values unmapped, by list, with the pets naming them.
 */
async function reportUnknownLabels(benchExport: BenchExport, generation: Generation, databaseUrl: string) {
  const labelled = unknownLabelCounts({
    shape: benchShape(scale),
    seed: BENCH_SEED,
    anchorMonday: generation.anchorMonday,
    unknownLabels: benchExport.unknownLabels,
  });
  const pets = benchCounts(benchShape(scale)).pets;
  log(
    `\nUnknown labels: ${count(labelled.pets)} of ${count(pets)} pets given labels the lists lack ` +
      `(breed ${count(labelled.breed)}, colour ${count(labelled.colour)}, species ${count(labelled.species)}, ` +
      `insurer ${count(labelled.insurer)}).`,
  );
  const handle = connectDatabase(databaseUrl, { max: 1 });
  try {
    const { rows } = await handle.pool.query<{ list: string; values: number }>(
      `select list, count(*)::int as values from practice_list_values where mapped_at is null
        group by list order by list`,
    );
    const { rows: carried } = await handle.pool.query<{ pets: number }>(
      `select count(*)::int as pets from pets
        where num_nonnulls(species_value_id, breed_value_id, colour_value_id, insurer_value_id) > 0`,
    );
    const values = rows.reduce((sum, r) => sum + r.values, 0);
    const byList = rows.map((r) => `${r.list} ${r.values}`).join(', ');
    log(
      `  values unmapped in practice_list_values after both imports: ${values}${byList ? ` (${byList})` : ''}; ` +
        `pets naming one: ${count(carried[0]?.pets ?? 0)}`,
    );
  } finally {
    await handle.close();
  }
}

interface TimedImport {
  result: ImportResult & {
    phases: Partial<Record<string, Partial<Record<Phase, number>>>>;
    cpuSeconds: number;
  };
  wallSeconds: number;
  loadBefore: string;
  loadAfter: string;
}

/** One import in a process of its own (packages/practice-import/src/bench/cli/import-once.ts). */
function importOnce(title: string, exportDir: string, databaseUrl: string): TimedImport {
  log(`\n${title}… (${availableParallelism()} cores, load average ${load()})`);
  const resultDir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const resultFile = join(resultDir, 'result.json');
  try {
    const loadBefore = load();
    const started = performance.now();
    const profile = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
    const child = spawnSync(
      process.execPath,
      [
        ...profile,
        '--import',
        'tsx',
        join(repoRoot, 'packages/practice-import/src/bench/cli/import-once.ts'),
        exportDir,
        resultFile,
      ],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: 'inherit' },
    );
    const wallSeconds = (performance.now() - started) / 1000;
    if (!existsSync(resultFile))
      throw new Error(`The import process ended (status ${child.status}) without a result`);
    const result = JSON.parse(readFileSync(resultFile, 'utf8')) as TimedImport['result'];
    return { result, wallSeconds, loadBefore, loadAfter: load() };
  } finally {
    rmSync(resultDir, { recursive: true, force: true });
  }
}

/** Each file's seconds by phase (engine/phase-times.ts); the rest is the process's start and finish. */
function reportPhases(run: TimedImport): void {
  const phases: Phase[] = ['stored', 'read', 'parse', 'copy', 'index', 'check', 'apply'];
  log(`  seconds by phase: ${'file'.padEnd(24)} ${phases.map((p) => p.padStart(7)).join(' ')}`);
  let all = 0;
  for (const [file, times] of Object.entries(run.result.phases)) {
    all += phases.reduce((sum, p) => sum + (times?.[p] ?? 0), 0);
    const cells = phases.map((p) => (times?.[p] ?? 0).toFixed(1).padStart(7));
    log(`  ${''.padEnd(18)}${file.padEnd(24)} ${cells.join(' ')}`);
  }
  log(
    `  ${''.padEnd(18)}${'start, lookups, report'.padEnd(24)} ${(run.wallSeconds - all).toFixed(1).padStart(7)}`,
  );
}

function report(generated: GeneratedFile[], first: TimedImport, second: TimedImport): void {
  const generatedRows = new Map(generated.map((f) => [f.file, f.rows]));
  for (const [title, run] of [
    ['First import', first],
    ['Unchanged re-import', second],
  ] as const) {
    log(
      `\n${title}: exit status ${run.result.exitCode}, ${seconds(run.wallSeconds)} wall, peak memory ${Math.round(run.result.peakRssBytes / MB)} MB, ${seconds(run.result.cpuSeconds)} CPU in the import process, load average ${run.loadBefore} before, ${run.loadAfter} after`,
    );
    log(
      `  ${'file'.padEnd(24)} ${'rows'.padStart(10)} ${'applied'.padStart(10)} ${'unchanged'.padStart(10)} ${'refused'.padStart(8)} ${'seconds'.padStart(8)} ${'rows/s'.padStart(10)}`,
    );
    let rows = 0;
    for (const f of run.result.files) {
      const fileRows = f.applied + f.unchanged + f.refused;
      rows += fileRows;
      const mismatch =
        generatedRows.get(f.file as GeneratedFile['file']) === fileRows
          ? ''
          : '  (generated a different count)';
      log(
        `  ${f.file.padEnd(24)} ${count(fileRows).padStart(10)} ${count(f.applied).padStart(10)} ${count(f.unchanged).padStart(10)} ${count(f.refused).padStart(8)} ${f.seconds.toFixed(1).padStart(8)} ${perSecond(fileRows, f.seconds).padStart(10)}${mismatch}`,
      );
    }
    log(
      `  ${'all files'.padEnd(24)} ${count(rows).padStart(10)} ${''.padStart(41)} ${run.wallSeconds.toFixed(1).padStart(8)} ${perSecond(rows, run.wallSeconds).padStart(10)}`,
    );
    reportPhases(run);
  }

  const fileSeconds = (run: TimedImport, names: string[]) =>
    run.result.files.filter((f) => names.includes(f.file)).reduce((sum, f) => sum + f.seconds, 0);
  const clientsAndPets = fileSeconds(first, ['clients.csv', 'pets.csv']);
  const bills = fileSeconds(first, ['invoices.csv', 'invoice_lines.csv']);
  const peak = Math.max(first.result.peakRssBytes, second.result.peakRssBytes);
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  const fullScale = scale === 1 ? '' : ` (at scale ${scale}; the targets are for scale 1)`;
  log(`\nTargets${fullScale}:`);
  log(
    `  clients and pets, first import < 3 min:   ${seconds(clientsAndPets)}  ${verdict(clientsAndPets < TARGETS.clientsAndPetsSeconds)}`,
  );
  if (invoiceLines > 0) {
    const atScale =
      invoiceLines === 1_000_000 ? '' : ` (${count(invoiceLines)} lines; the target is for 1,000,000)`;
    log(
      `  invoices and their lines, first import < 5 min${atScale}: ${seconds(bills)}  ${verdict(bills < TARGETS.invoiceLinesSeconds)}`,
    );
  }
  log(
    `  everything, first import < 15 min:        ${seconds(first.wallSeconds)}  ${verdict(first.wallSeconds < TARGETS.totalSeconds)}`,
  );
  const share = second.wallSeconds / first.wallSeconds;
  log(
    `  unchanged re-import <= half the first:    ${(share * 100).toFixed(0)} %  ${verdict(share <= TARGETS.reimportShare)}`,
  );
  log(
    `  peak memory of the import process < 512 MB: ${Math.round(peak / MB)} MB  ${verdict(peak < TARGETS.peakBytes)}`,
  );
  const refused = first.result.files.reduce((sum, f) => sum + f.refused, 0);
  const changed = second.result.files.reduce((sum, f) => sum + f.applied + f.refused, 0);
  if (refused > 0)
    log(`  NOTE: the first import refused ${refused} generated rows (a generator or import defect).`);
  if (changed > 0) log(`  NOTE: the re-import applied or refused ${changed} rows; all should be unchanged.`);
}
