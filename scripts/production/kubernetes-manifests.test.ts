import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serverOnlySecrets, settingsFileProblems } from '../lib/kubernetes/secret-access.ts';
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

  // Decision 0138: each process receives only its own settings (security round four, S2).
  it('refuses the whole settings bundle, or the API’s Secret, on the internet-facing web', async () => {
    const bundle = planted('web.yaml', (text) =>
      text.replace('- secretRef: { name: portal-web }', '- secretRef: { name: portal-settings }'),
    );
    expect(await validateManifests(bundle, repoRoot)).toEqual([
      'web.yaml#0 container web: reads the whole Secret portal-settings, which is no process’s own',
      `web.yaml#0 container web: the web may read server-only secrets: ${serverOnlySecrets.join(', ')}`,
    ]);
    const apis = planted('web.yaml', (text) =>
      text
        .replace('- secretRef: { name: portal-web }', '- secretRef: { name: portal-api }')
        .replace('key: web-url', 'key: app-url'),
    );
    const problems = await validateManifests(apis, repoRoot);
    expect(problems).toContain(
      'web.yaml#0 container web: reads the Secret portal-api, which only api, worker may',
    );
    expect(problems).toContain(
      'web.yaml#0 container web: reads portal-database/app-url, which only api, worker may',
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^web\.yaml#0 container web: the web may read server-only secrets: .*WEBHOOK_SECRET_KEYS/,
      ),
    );
    const signing = planted('worker.yaml', (text) =>
      text.replace('- secretRef: { name: portal-api }', '- secretRef: { name: portal-idp }'),
    );
    expect(await validateManifests(signing, repoRoot)).toEqual([
      'worker.yaml#0 container worker: reads the Secret portal-idp, which only idp may',
    ]);
  });

  // Issue 64: a provider's keys reach only the processes that call it.
  it('hands Stripe’s keys to the API’s and the worker’s pods, never the web’s', async () => {
    const worker = readFileSync(join(folder, 'worker.yaml'), 'utf8');
    expect(worker).not.toContain('STRIPE_');
    const webWithKeys = planted('web.yaml', (text) =>
      text.replace(/^( +)envFrom:\n/m, '$1envFrom:\n$1  - secretRef: { name: portal-api }\n'),
    );
    expect(await validateManifests(webWithKeys, repoRoot)).toEqual(
      expect.arrayContaining([expect.stringMatching(/web\.yaml.*STRIPE_SECRET_KEY/)]),
    );
  });

  it('refuses a server-only secret in the web’s settings file, or any secret in the shared one', () => {
    expect(settingsFileProblems(repoRoot)).toEqual([]);
    const root = mkdtempSync(join(tmpdir(), 'portal-env-'));
    scratch.push(root);
    mkdirSync(join(root, 'deploy'));
    cpSync(join(repoRoot, 'deploy/env'), join(root, 'deploy/env'), { recursive: true });
    appendFileSync(join(root, 'deploy/env/web.env.example'), 'IDP_JWKS=\n');
    appendFileSync(join(root, 'deploy/env/shared.env.example'), 'NEXTAUTH_SECRET=\n');
    expect(settingsFileProblems(root)).toEqual([
      'deploy/env/shared.env.example: NEXTAUTH_SECRET is a secret, and every process reads this file',
      'deploy/env/web.env.example: IDP_JWKS is server-only, and the web reads this file',
    ]);
  });

  // Security round four, S5.
  it('refuses a writable root filesystem, a mounted token, an unpinned image, a mount not emptyDir', async () => {
    const copy = planted('api.yaml', (text) =>
      text
        .replace('readOnlyRootFilesystem: true', 'readOnlyRootFilesystem: false')
        .replace('automountServiceAccountToken: false', 'automountServiceAccountToken: true')
        .replace('image: vet-portal', 'image: registry.example.org/vet-portal:1.4')
        .replace('emptyDir: { sizeLimit: 64Mi }', 'hostPath: { path: /tmp }'),
    );
    expect(await validateManifests(copy, repoRoot)).toEqual([
      'api.yaml#0: mounts a service account token (automountServiceAccountToken is not false)',
      'api.yaml#0 container api: a writable root filesystem',
      'api.yaml#0 container api: mounts tmp, which is no emptyDir',
      'api.yaml#0 container api: image registry.example.org/vet-portal:1.4 is neither vet-portal nor pinned by digest',
    ]);
    const tagged = planted('migrate/kustomization.yaml', (text) =>
      text.replace(/digest: sha256:0+/, 'newTag: latest'),
    );
    expect(await validateManifests(tagged, repoRoot)).toEqual([
      'migrate/kustomization.yaml#0: image vet-portal not pinned by a sha256 digest',
    ]);
  });
});
