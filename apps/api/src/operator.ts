/**
 * `portal-admin <command> [arguments]`, the operator's command (decision 0097): `npm run admin -- …` from
 * the sources, `sh scripts/production/portal-admin.sh …` (node dist/operator/operator.mjs) in the
 * production build. It reads the environment through its config and hands the commands their settings;
 * without DATABASE_URL it looks for npm start's embedded database in the checkout it belongs to.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repositoryRoot } from '@vet/db/local-database';
import { loadOperatorConfig, OperatorConfigError } from './config/index.ts';
import { externalAttachmentFiles } from './conversations/index.ts';
import { runOperator, type OperatorSettings } from './operator/index.ts';

function settings(): OperatorSettings | { problem: string } {
  try {
    const config = loadOperatorConfig();
    // `retention run` deletes a disk or S3 store's bytes of the files it removes, as the API's job does.
    return {
      ...config,
      retention: { ...config.retention, files: externalAttachmentFiles(config.attachments.store) },
    };
  } catch (error) {
    if (error instanceof OperatorConfigError) return { problem: error.message };
    throw error;
  }
}

// A reader that stops early (`| head`) closes the pipe: stop there quietly, as other commands do.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', () => process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0));

try {
  process.exitCode = await runOperator(process.argv.slice(2), {
    settings,
    // From apps/api/src/ or from dist/operator/: the folder above it that holds the lockfile.
    checkout: repositoryRoot(dirname(fileURLToPath(import.meta.url))),
    stdout: process.stdout,
    stderr: process.stderr,
  });
} catch (error) {
  // Nothing should reach here; if it does, a line without the stack (which may quote a query's values).
  process.stderr.write(
    `portal-admin could not run: ${error instanceof Error ? error.name : 'unknown error'}\n`,
  );
  process.exitCode = 2;
}
