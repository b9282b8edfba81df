import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../shared/paths.ts';

/**
 * The operator's side of the walkthrough: `npm run events -- endpoints add|remove …` (the operator's
 * command, decision 0097), run as the operator would, on the database of `npm start` (or DATABASE_URL's).
 */

async function operator(args: string[]): Promise<{ code: number; output: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'apps/api/src/operator.ts'), ...args],
    {
      cwd: repoRoot,
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (exit) => resolve(exit ?? 1));
  });
  return { code, output };
}

/**
 * Adds the endpoint `name` at `url` for the given event types, in place of any earlier one of that name
 * (a walkthrough stopped half-way leaves one); answers its signing secret, which the command prints once.
 */
export async function addEndpoint(name: string, url: string, types: string[]): Promise<string> {
  const add = () => operator(['endpoints', 'add', name, url, '--types', types.join(',')]);
  let added = await add();
  if (added.code !== 0 && added.output.includes('exists already')) {
    await removeEndpoint(name);
    added = await add();
  }
  const secret = added.output.split('\n').find((line) => line.startsWith('whsec_'));
  if (added.code !== 0 || !secret) throw new Error(`endpoints add ${name} failed:\n${added.output}`);
  return secret.trim();
}

/** Removes the endpoint and its deliveries; one that is not there is fine. */
export async function removeEndpoint(name: string): Promise<void> {
  await operator(['endpoints', 'remove', name]);
}
