import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { removeEndpoint } from './endpoints-repository.ts';

const database = useTestDatabase();
const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));

/** `npm run events -- <args>` as a process of its own: its exit status and what it printed. */
function runCli(args: string[], env: Record<string, string | undefined>) {
  return new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    const { DATABASE_URL: _, NODE_ENV: __, ...inherited } = process.env;
    execFile(tsx, [cli, ...args], { env: { ...inherited, ...env } }, (error, stdout, stderr) => {
      const status = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ status, stdout, stderr });
    });
  });
}

describe('npm run events', () => {
  it('runs a command against DATABASE_URL, and exits 2 without it', async () => {
    const name = `cli-${Math.random().toString(36).slice(2, 8)}`;
    try {
      const args = ['endpoints', 'add', name, 'https://pms.example/events'];
      // Production (NODE_ENV unset) seals the secret with a key of its own, never the development one.
      const unsealed = await runCli(args, { DATABASE_URL: database.url });
      expect(unsealed).toMatchObject({ status: 2, stderr: '' });
      expect(unsealed.stdout).toMatch(/^Not added: WEBHOOK_SECRET_KEYS is required in production/);
      const key = `k1:${Buffer.alloc(32, 3).toString('base64')}`;
      const added = await runCli(args, { DATABASE_URL: database.url, WEBHOOK_SECRET_KEYS: key });
      expect(added).toMatchObject({ status: 0, stderr: '' });
      expect(added.stdout).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/m);
    } finally {
      await removeEndpoint(database.db, name);
    }
    const noDatabase = await runCli(['failed'], { DATABASE_URL: undefined });
    expect(noDatabase).toMatchObject({ status: 2, stdout: '' });
    expect(noDatabase.stderr).toContain('DATABASE_URL is not set');
    // Two processes of their own on a shared machine.
  }, 60_000);
});
