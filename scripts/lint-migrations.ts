import { migrationsFolder } from '@vet/db/migrate';
import { baseline } from './lib/migration-lint/baseline.ts';
import { lintMigrations } from './lib/migration-lint/lint-migrations.ts';

/**
 * `npm run lint:migrations` (part of `npm run lint`): refuses a migration that would hold a long lock on a
 * large table while the previous release serves (decision 0125). Prints one line a finding.
 */
const findings = await lintMigrations(migrationsFolder, baseline);
for (const { file, line, rule, message } of findings) console.error(`${file}:${line} ${rule}: ${message}`);
if (findings.length > 0) {
  console.error(
    `lint:migrations: ${findings.length} finding(s). Rules and the expand/contract way: docs/operations.md, "Migrations".`,
  );
  process.exitCode = 1;
} else {
  console.log('lint:migrations: every migration since the baseline keeps its locks short.');
}
