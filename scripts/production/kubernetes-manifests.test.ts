import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readManifests, validateManifests } from '../lib/kubernetes/validate-manifests.ts';
import { repoRoot } from '../lib/shared/paths.ts';

/**
 * deploy/kubernetes/ against the Kubernetes API's schemas (kubernetes-models) and the portal's rules
 * (decision 0127). No cluster and no kubeconform here: the schemas come from the registry's package.
 */
const folder = join(repoRoot, 'deploy/kubernetes');
const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of deploy/kubernetes with one file's text changed. */
function planted(file: string, change: (text: string) => string): string {
  const copy = mkdtempSync(join(tmpdir(), 'portal-kubernetes-'));
  scratch.push(copy);
  cpSync(folder, copy, { recursive: true });
  const path = join(copy, file);
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  expect(after, 'the planted change applies').not.toBe(before);
  writeFileSync(path, after);
  return copy;
}

describe('deploy/kubernetes', () => {
  it('every manifest passes the Kubernetes schemas and the portal’s rules', async () => {
    expect(await validateManifests(folder, repoRoot)).toEqual([]);
  });

  it('holds the web, the API, the workers, the migrate Job and the embedded provider, each with its parts', () => {
    const kinds = readManifests(folder).manifests.map(
      ({ object }) => `${object.kind}/${(object.metadata as { name?: string } | undefined)?.name ?? ''}`,
    );
    for (const name of ['portal-web', 'portal-api', 'portal-worker', 'portal-idp'])
      expect(kinds).toEqual(expect.arrayContaining([`Deployment/${name}`, `PodDisruptionBudget/${name}`]));
    expect(kinds).toContain('Job/portal-migrate');
    expect(kinds).toContain('NetworkPolicy/portal-default-deny');
  });

  it('refuses a value of the wrong type (replicas: "two")', async () => {
    const copy = planted('api.yaml', (text) => text.replace('replicas: 2', 'replicas: two'));
    expect(await validateManifests(copy, repoRoot)).toEqual([
      expect.stringMatching(/^api\.yaml#0 \(Deployment\): .*replicas must be integer/),
    ]);
  });

  it('refuses a probe without its port, and a kind the API does not have', async () => {
    const copy = planted('web.yaml', (text) =>
      text
        .replace('httpGet: { path: /readyz, port: http }', 'httpGet: { path: /readyz }')
        .replace('kind: Service', 'kind: Servce'),
    );
    const problems = await validateManifests(copy, repoRoot);
    expect(problems).toContainEqual(
      expect.stringMatching(/web\.yaml#0 \(Deployment\): .*must have required property port/),
    );
    expect(problems).toContainEqual('web.yaml#1: v1 Servce is no kind of the Kubernetes API');
  });

  it('refuses the portal’s own mistakes: no requests, no budget, a missing script, no preStop', async () => {
    const copy = planted('worker.yaml', (text) =>
      text
        .replace('requests: { cpu: 100m, memory: 256Mi }', 'requests: { memory: 256Mi }')
        .replace("production/start-worker.sh'", "production/start-workers.sh'")
        .replace(/---\n# A node drained[\s\S]*$/, ''),
    );
    const dropped = planted('api.yaml', (text) => text.replace(/ {10}lifecycle:\n(?: {12}.*\n)+/, ''));
    expect(await validateManifests(copy, repoRoot)).toEqual([
      'worker.yaml#0 container worker: no start script that exists',
      'worker.yaml#0 container worker: no cpu and memory requests',
      'worker.yaml#0: no PodDisruptionBudget selects it',
    ]);
    expect(await validateManifests(dropped, repoRoot)).toEqual([
      'api.yaml#0 container api: takes traffic without a preStop pause shorter than its grace period',
    ]);
  });
});
