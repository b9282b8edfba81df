import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { concurrentIndexOf, isBlank, migrationRunsAlone, runsAlone } from '@vet/db/migration-kinds';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
/** Squawk's npm package carries its binary in a per-platform optional dependency; this is its launcher. */
const squawk = path.join(path.dirname(require.resolve('squawk-cli/package.json')), 'js/bin/squawk');
const repository = path.resolve(import.meta.dirname, '../../..');
const configFile = path.join(repository, '.squawk.toml');

export interface Finding {
  /** The migration's file, relative to the folder linted. */
  file: string;
  /** 1-based line of the statement, or 1 for a finding about the whole file. */
  line: number;
  rule: string;
  message: string;
}

interface SquawkViolation {
  file: string;
  line: number;
  rule_name: string;
  message: string;
  help: string | null;
}

/**
 * Lints the migrations in `folder` (a drizzle-kit folder: `meta/_journal.json` and one SQL file per tag)
 * that `baseline` does not name (decision 0125). Squawk judges each statement's locks; this adds the two
 * rules of the migrate step's own: a migration that runs outside a transaction (migration-kinds.ts) holds
 * nothing else, since its statements are retried one by one after a failure, and names its indexes.
 * Squawk reads a transactional migration as wrapped in one, as the migrate step runs it, so a constraint
 * validated in the migration that adds it is refused.
 */
export async function lintMigrations(
  folder: string,
  baseline: ReadonlyMap<string, string>,
): Promise<Finding[]> {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const findings: Finding[] = [];
  const inTransaction: string[] = [];
  const alone: string[] = [];
  for (const { tag } of journal.entries) {
    if (baseline.has(tag)) continue;
    const file = `${tag}.sql`;
    const statements = readFileSync(path.join(folder, file), 'utf8').split('--> statement-breakpoint');
    if (!migrationRunsAlone(statements)) {
      inTransaction.push(file);
      continue;
    }
    alone.push(file);
    findings.push(...aloneRules(file, statements));
  }
  findings.push(...(await runSquawk(folder, inTransaction, ['--assume-in-transaction'])));
  findings.push(...(await runSquawk(folder, alone, ['--no-assume-in-transaction'])));
  return findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** What a migration that runs alone may hold: statements the migrate step can start again after a failure. */
function aloneRules(file: string, statements: readonly string[]): Finding[] {
  const findings: Finding[] = [];
  const refuse = (line: number, rule: string, message: string) =>
    findings.push({ file, line, rule, message });
  let line = 1;
  for (const statement of statements) {
    const at = line + (/^\s*/.exec(statement)?.[0].split('\n').length ?? 1) - 1;
    line += statement.split('\n').length - 1;
    if (isBlank(statement)) continue;
    const body = statement.replace(/^(?:\s|--[^\n]*\n)*/, '');
    if (!runsAlone(statement)) {
      refuse(
        at,
        'portal-runs-alone-mixed',
        'This migration runs outside a transaction (a concurrent index statement or VALIDATE CONSTRAINT), ' +
          'so it may hold nothing else: move this statement to a migration of its own.',
      );
    } else if (/^create\s/i.test(body) && concurrentIndexOf(statement) === null) {
      refuse(
        at,
        'portal-unnamed-concurrent-index',
        'Name the index: the migrate step finds a failed build by it.',
      );
    } else if (/^drop\s+index\s+concurrently\s+(?!if\s+exists\b)/i.test(body)) {
      refuse(
        at,
        'portal-drop-index-if-exists',
        'Write DROP INDEX CONCURRENTLY IF EXISTS: after a failure the migrate step runs this migration again.',
      );
    }
  }
  return findings;
}

async function runSquawk(
  folder: string,
  files: readonly string[],
  flags: readonly string[],
): Promise<Finding[]> {
  if (files.length === 0) return [];
  const args = [squawk, '--config', configFile, '--reporter', 'json', ...flags, ...files];
  // Squawk exits non-zero when it finds something; its JSON report is on stdout either way.
  const { stdout } = await run(process.execPath, args, { cwd: folder }).catch(
    (error: Error & { stdout?: string; stderr?: string }) => {
      if (error.stdout?.trim().startsWith('[')) return { stdout: error.stdout };
      throw new Error(`squawk failed: ${error.stderr || error.message}`);
    },
  );
  return (JSON.parse(stdout) as SquawkViolation[]).map((violation) => ({
    file: violation.file,
    // Squawk's JSON report counts lines from 0.
    line: violation.line + 1,
    rule: violation.rule_name,
    message: violation.help ? `${violation.message} ${violation.help}` : violation.message,
  }));
}
