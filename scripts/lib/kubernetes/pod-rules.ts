import { accessProblems, sharedConfigMap } from './secret-access.ts';

/** One object of a manifest file, as read (the manifests' reader, validate-manifests.ts, gives them). */
export interface Manifest {
  file: string;
  /** The object's place in its file: `<file>#<index>`. */
  where: string;
  object: Record<string, unknown> & { apiVersion?: string; kind?: string };
}

/**
 * The pods' hardening (decision 0138; docs/security/hardening.md, round four): each process reads only
 * its own Secrets, no pod has a service account token, every container's root filesystem is read-only
 * (emptyDir volumes where a process writes), and the image is pinned by digest in every kustomization.
 */

type EnvFrom = { secretRef?: { name?: string }; configMapRef?: { name?: string } };
type EnvVar = {
  name?: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name?: string; key?: string } };
};
type Container = {
  name?: string;
  image?: string;
  envFrom?: EnvFrom[];
  env?: EnvVar[];
  securityContext?: { readOnlyRootFilesystem?: boolean };
  volumeMounts?: { name?: string }[];
};
type PodSpec = {
  automountServiceAccountToken?: boolean;
  containers?: Container[];
  volumes?: { name?: string; emptyDir?: unknown }[];
};

/** The image every manifest names; a kustomization's `images:` pins it. */
export const portalImage = 'vet-portal';
const digest = /^sha256:[0-9a-f]{64}$/;

export function podProblems(manifests: readonly Manifest[], repoRoot: string): string[] {
  const problems: string[] = [];
  for (const { where, object } of manifests) {
    if (object.kind === 'Kustomization') problems.push(...imagePinProblems(where, object));
    if (object.kind !== 'Deployment' && object.kind !== 'Job') continue;
    const template = (
      object.spec as { template?: { metadata?: { labels?: Record<string, string> }; spec?: PodSpec } }
    ).template;
    const process = template?.metadata?.labels?.['app.kubernetes.io/component'] ?? '?';
    const pod = template?.spec ?? {};
    if (pod.automountServiceAccountToken !== false)
      problems.push(`${where}: mounts a service account token (automountServiceAccountToken is not false)`);
    const scratch = new Set((pod.volumes ?? []).filter((v) => v.emptyDir !== undefined).map((v) => v.name));
    for (const container of pod.containers ?? []) {
      const at = `${where} container ${container.name}`;
      if (container.securityContext?.readOnlyRootFilesystem !== true)
        problems.push(`${at}: a writable root filesystem`);
      for (const mount of container.volumeMounts ?? [])
        if (!scratch.has(mount.name)) problems.push(`${at}: mounts ${mount.name}, which is no emptyDir`);
      if (container.image !== portalImage && !/@sha256:[0-9a-f]{64}$/.test(container.image ?? ''))
        problems.push(`${at}: image ${container.image} is neither ${portalImage} nor pinned by digest`);
      const whole: string[] = [];
      for (const source of container.envFrom ?? []) {
        if (source.secretRef) whole.push(source.secretRef.name ?? '');
        const map = source.configMapRef?.name;
        if (map !== undefined && map !== sharedConfigMap)
          problems.push(`${at}: reads the ConfigMap ${map}; settings come from ${sharedConfigMap} only`);
      }
      const keys = (container.env ?? []).flatMap(({ name, valueFrom }) =>
        valueFrom?.secretKeyRef
          ? [
              {
                secret: valueFrom.secretKeyRef.name ?? '',
                key: valueFrom.secretKeyRef.key ?? '',
                variable: name ?? '',
              },
            ]
          : [],
      );
      // env wins over envFrom: an empty value blanks the Secret's.
      const blank = (container.env ?? []).flatMap(({ name, value, valueFrom }) =>
        value === '' && !valueFrom ? [name ?? ''] : [],
      );
      problems.push(...accessProblems(at, process, { whole, keys, blank }, repoRoot, 'Secret'));
    }
  }
  return problems;
}

/** A kustomization that names the image pins it by digest, never by a tag alone. */
function imagePinProblems(where: string, kustomization: Manifest['object']): string[] {
  const images =
    (kustomization.images as { name?: string; newTag?: string; digest?: string }[] | undefined) ?? [];
  const entry = images.find((image) => image.name === portalImage);
  if (!entry) return [`${where}: does not pin the image ${portalImage}`];
  if (!digest.test(entry.digest ?? ''))
    return [`${where}: image ${portalImage} not pinned by a sha256 digest`];
  if (entry.newTag !== undefined) return [`${where}: image ${portalImage} has a tag beside its digest`];
  return [];
}
