import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createClient } from '@hey-api/openapi-ts';
import { format, resolveConfig } from 'prettier';
import { contractFile } from './integration-contract.ts';
import { repoRoot } from '../shared/paths.ts';

/**
 * The integration API's TypeScript client (decision 0114): @hey-api/openapi-ts generates the types of
 * every route, event and error of the contract, and a fetch client with one function per operation,
 * into packages/integration-client/src/generated/. `npm run contract:write` writes it after the
 * contract; scripts/integration-contract.test.ts fails when the committed folder is not what the
 * committed contract generates.
 */

export const clientFolder = join(repoRoot, 'packages/integration-client/src/generated');

/** Every file of a folder, by its path inside it, sorted. */
function filesOf(folder: string): Map<string, string> {
  const files = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)))
    .sort();
  return new Map(files.map((file) => [file, readFileSync(join(folder, file), 'utf8')]));
}

/**
 * Generates the client of `contract` into `folder` (emptied first), formatted by the repository's
 * prettier settings so that `npm run format:check` and a regeneration agree.
 */
export async function generateClient(contract: string, folder: string): Promise<void> {
  await createClient({
    input: contract,
    output: { path: folder, clean: true, importFileExtension: '.ts' },
    plugins: ['@hey-api/typescript', '@hey-api/sdk', '@hey-api/client-fetch'],
    logs: { level: 'silent', file: false },
  });
  // Resolved for a file where the generated one will be committed, whatever the folder.
  const options = await resolveConfig(join(clientFolder, 'index.ts'));
  for (const [file, text] of filesOf(folder)) {
    writeFileSync(join(folder, file), await format(text, { ...options, filepath: join(clientFolder, file) }));
  }
}

/** Writes the client of the committed contract into the package. */
export const writeClient = () => generateClient(contractFile, clientFolder);

/**
 * Why the committed client is not what the committed contract generates, or null when it is, file for
 * file and byte for byte.
 */
export async function clientDrift(contract = contractFile, committed = clientFolder): Promise<string | null> {
  const scratch = mkdtempSync(join(tmpdir(), 'integration-client-'));
  try {
    await generateClient(contract, scratch);
    const [want, have] = [filesOf(scratch), filesOf(committed)];
    const differing = [...new Set([...want.keys(), ...have.keys()])]
      .sort()
      .filter((file) => want.get(file) !== have.get(file));
    if (differing.length === 0) return null;
    return (
      `${relative(repoRoot, committed)} is not what ${relative(repoRoot, contract)} generates ` +
      `(${differing.join(', ')}). Run \`npm run contract:write\` and commit it (decision 0114).`
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
