import { defaultRetentionPeriods } from '../../config/retention.ts';
import { Writable } from 'node:stream';
import { noPrivateHosts } from '@vet/practice-events/endpoint-address';
import type { OperatorSettings } from '../operator-command.ts';
import { runOperator } from '../run-operator.ts';

/** A stream that keeps what is written: not a terminal, so the import prints lines, as in a pipe. */
function collector() {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

/** Production's settings on the given database, as a deployment's environment gives them. */
export function productionSettings(
  databaseUrl: string,
  overrides: Partial<OperatorSettings> = {},
): OperatorSettings {
  return {
    databaseUrl,
    nodeEnv: undefined,
    appRoles: [],
    webhookSecretKeys: undefined,
    webhookAllowedPrivateHosts: noPrivateHosts,
    portalUrl: undefined,
    brandName: 'Harbour Vets',
    invocationDirectory: process.cwd(),
    retention: { periods: defaultRetentionPeriods, batchSize: 1000, pauseMs: 0 },
    payments: { provider: 'off' },
    ...overrides,
  };
}

/** `portal-admin <argv>` in this process: its exit status and what it wrote to each stream. */
export async function runInProcess(argv: string[], settings: OperatorSettings | { problem: string }) {
  const stdout = collector();
  const stderr = collector();
  const status = await runOperator(argv, {
    settings: () => settings,
    checkout: undefined,
    stdout: stdout.stream,
    stderr: stderr.stream,
  });
  return { status, stdout: stdout.text(), stderr: stderr.text() };
}
