import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { podProblems, type Manifest } from './pod-rules.ts';
import { settingsFileProblems } from './secret-access.ts';

export type { Manifest };

/**
 * Validates deploy/kubernetes/ (decision 0127) without a cluster or a downloaded binary: each object
 * against the Kubernetes API's OpenAPI schemas by kubernetes-models (its `validate()`, the schemas of the
 * release it names), each kustomization's resources and components present, and the portal's own rules:
 * every Deployment's containers have readiness and liveness probes on the health endpoints, resource
 * requests, a start script that exists, and a PodDisruptionBudget selecting them; every Deployment that
 * takes traffic a preStop drain shorter than its grace period; and the pods' hardening (pod-rules.ts,
 * decision 0138). Returns one line per problem.
 */

const kustomizationKinds = new Set(['Kustomization', 'Component']);

/** Every YAML document under the folder, parsed; a file that does not parse is a problem. */
export function readManifests(folder: string): { manifests: Manifest[]; problems: string[] } {
  const manifests: Manifest[] = [];
  const problems: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.ya?ml$/.test(entry.name)) {
        const file = relative(folder, path);
        parseAllDocuments(readFileSync(path, 'utf8')).forEach((document, index) => {
          if (document.errors.length > 0)
            problems.push(`${file}#${index}: ${document.errors.map((error) => error.message).join('; ')}`);
          else if (document.contents !== null)
            manifests.push({
              file,
              where: `${file}#${index}`,
              object: document.toJSON() as Manifest['object'],
            });
        });
      }
    }
  };
  walk(folder);
  return { manifests, problems };
}

/** kubernetes-models' class for an apiVersion and kind: `apps/v1` Deployment → kubernetes-models/apps/v1/Deployment. */
async function modelOf(apiVersion: string, kind: string) {
  try {
    // Resolved by Node from the package's exports (`./apps/v1/*`), not by the test runner's bundler.
    const specifier = `kubernetes-models/${apiVersion}/${kind}`;
    const module = (await import(/* @vite-ignore */ specifier)) as Record<
      string,
      new (data: unknown) => { validate(): void }
    >;
    return module[kind];
  } catch {
    return undefined;
  }
}

export async function schemaProblems(manifests: readonly Manifest[]): Promise<string[]> {
  const problems: string[] = [];
  for (const { where, object } of manifests) {
    const { apiVersion, kind } = object;
    if (typeof apiVersion !== 'string' || typeof kind !== 'string') {
      problems.push(`${where}: no apiVersion or kind`);
      continue;
    }
    if (kustomizationKinds.has(kind)) continue;
    const Model = await modelOf(apiVersion, kind);
    if (!Model) {
      problems.push(`${where}: ${apiVersion} ${kind} is no kind of the Kubernetes API`);
      continue;
    }
    try {
      new Model(object).validate();
    } catch (error) {
      problems.push(`${where} (${kind}): ${(error as Error).message}`);
    }
  }
  return problems;
}

type Container = {
  name?: string;
  command?: string[];
  readinessProbe?: { httpGet?: { path?: string } };
  livenessProbe?: { httpGet?: { path?: string } };
  lifecycle?: { preStop?: { exec?: { command?: string[] } } };
  resources?: { requests?: Record<string, string> };
  ports?: { name?: string }[];
};
type PodTemplate = {
  metadata?: { labels?: Record<string, string> };
  spec?: { containers?: Container[]; terminationGracePeriodSeconds?: number };
};

const selects = (selector: Record<string, string> | undefined, labels: Record<string, string> = {}) =>
  selector !== undefined &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([key, value]) => labels[key] === value);

/** The portal's own rules over the manifests (repoRoot: where the start scripts are). */
export function portalProblems(folder: string, manifests: readonly Manifest[], repoRoot: string): string[] {
  const problems: string[] = [];
  const budgets = manifests.filter(({ object }) => object.kind === 'PodDisruptionBudget');
  for (const { where, file, object } of manifests) {
    if (kustomizationKinds.has(object.kind ?? '')) {
      const listed = [
        ...((object.resources as string[] | undefined) ?? []),
        ...((object.components as string[] | undefined) ?? []),
      ];
      for (const entry of listed)
        if (!existsSync(join(folder, dirname(file), entry)))
          problems.push(`${where}: ${entry} does not exist`);
      continue;
    }
    if (object.kind !== 'Deployment' && object.kind !== 'Job') continue;
    const template = (object.spec as { template?: PodTemplate } | undefined)?.template;
    for (const container of template?.spec?.containers ?? []) {
      const at = `${where} container ${container.name}`;
      const script = container.command?.find((part) => part.startsWith('scripts/production/'));
      if (!script || !existsSync(join(repoRoot, script))) problems.push(`${at}: no start script that exists`);
      if (!container.resources?.requests?.cpu || !container.resources.requests.memory)
        problems.push(`${at}: no cpu and memory requests`);
      if (object.kind === 'Job') continue;
      for (const probe of ['readinessProbe', 'livenessProbe'] as const) {
        const path = container[probe]?.httpGet?.path;
        if (path !== '/healthz' && path !== '/readyz')
          problems.push(`${at}: ${probe} not on /healthz or /readyz`);
      }
      const takesTraffic = container.ports?.some((port) => port.name === 'http');
      const pause = Number(container.lifecycle?.preStop?.exec?.command?.at(-1));
      const grace = template?.spec?.terminationGracePeriodSeconds ?? 30;
      if (takesTraffic && !(pause > 0 && pause < grace))
        problems.push(`${at}: takes traffic without a preStop pause shorter than its grace period`);
    }
    const labels = template?.metadata?.labels;
    const covered = budgets.some(({ object: budget }) =>
      selects(
        (budget.spec as { selector?: { matchLabels?: Record<string, string> } }).selector?.matchLabels,
        labels,
      ),
    );
    if (object.kind === 'Deployment' && !covered)
      problems.push(`${where}: no PodDisruptionBudget selects it`);
  }
  return problems;
}

/** Everything wrong with the folder's manifests; empty when they pass. */
export async function validateManifests(folder: string, repoRoot: string): Promise<string[]> {
  const { manifests, problems } = readManifests(folder);
  return [
    ...problems,
    ...(await schemaProblems(manifests)),
    ...portalProblems(folder, manifests, repoRoot),
    ...podProblems(manifests, repoRoot),
    ...settingsFileProblems(repoRoot),
  ];
}
