import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readManifests, type Manifest } from '../lib/kubernetes/validate-manifests.ts';
import { repoRoot } from '../lib/shared/paths.ts';

/**
 * What deploy/kubernetes/ lets in and out (decision 0138; security round four, S5 and S7): the Ingresses
 * publish what deploy/nginx.conf publishes and nothing more, the controller logs as nginx.conf does, and
 * each process's egress is what it uses, the internet never including a private or metadata address.
 */
const folder = join(repoRoot, 'deploy/kubernetes');
const nginx = readFileSync(join(repoRoot, 'deploy/nginx.conf'), 'utf8');
const manifests = readManifests(folder).manifests;
const ofKind = (kind: string, from: readonly Manifest[] = manifests) =>
  from.filter(({ object }) => object.kind === kind).map(({ object }) => object as unknown);

/**
 * nginx.conf's public routes: `host path → upstream`, but those answering 404 and the internal port. An
 * exact location (`location = /path`) is `host =/path`, as an Ingress's pathType Exact is.
 */
function nginxRoutes(text: string): string[] {
  const routes: string[] = [];
  for (const server of text.split(/^ {2}server \{$/m).slice(1)) {
    const host = /server_name (\S+);/.exec(server)?.[1];
    if (!host) continue;
    for (const [, exact, path, body] of server.matchAll(/location (= )?(\S+) \{\n([\s\S]*?)\n {4}\}/g)) {
      const upstream = /proxy_pass (?:http:\/\/)?\$?(\w+)/.exec(body ?? '')?.[1];
      const shown = exact ? `=${path ?? ''}` : (path ?? '').replace(/(.)\/$/, '$1');
      if (upstream) routes.push(`${host} ${shown} → ${upstream}`);
    }
  }
  return routes.sort();
}

type Ingress = {
  metadata: { name: string; annotations?: Record<string, string> };
  spec: {
    rules: {
      host: string;
      http: { paths: { path: string; pathType?: string; backend: { service: { name: string } } }[] };
    }[];
  };
};

/** The Ingresses' routes, their Services named as nginx.conf's upstreams (portal-web → web). */
function ingressRoutes(from: readonly Manifest[]): string[] {
  return (ofKind('Ingress', from) as unknown as Ingress[])
    .flatMap(({ spec }) =>
      spec.rules.flatMap(({ host, http }) =>
        http.paths.map(
          ({ path, pathType, backend }) =>
            `${host} ${pathType === 'Exact' ? `=${path}` : path.replace(/(.)\/$/, '$1')} → ${backend.service.name.replace(/^portal-/, '')}`,
        ),
      ),
    )
    .sort();
}

describe('deploy/kubernetes’ Ingresses', () => {
  it('publish exactly nginx.conf’s public routes: the web, the provider, /integration, the attachments’ links, Provet’s, Stripe’s and GoCardless’s webhooks', () => {
    expect(nginxRoutes(nginx)).toEqual([
      'api.portal.example.org /attachments → api',
      'api.portal.example.org /connectors/provet-cloud/webhooks → api',
      'api.portal.example.org /integration → api',
      'api.portal.example.org =/payments/stripe/webhook → api',
      'api.portal.example.org =/webhooks/gocardless → api',
      'id.portal.example.org / → idp',
      'portal.example.org / → web',
      'portal.example.org =/bff/v2/attachments → web',
    ]);
    expect(ingressRoutes(manifests)).toEqual(nginxRoutes(nginx));
    // The whole API on its host, planted: the lists differ.
    const planted = manifests.map((manifest) => {
      if (
        manifest.object.kind !== 'Ingress' ||
        (manifest.object as { metadata?: { name?: string } }).metadata?.name !== 'portal-api'
      )
        return manifest;
      const object = structuredClone(manifest.object) as unknown as Ingress;
      object.spec.rules[0]?.http.paths.push({ path: '/', backend: { service: { name: 'portal-api' } } });
      return { ...manifest, object };
    });
    expect(ingressRoutes(planted)).not.toEqual(nginxRoutes(nginx));
    expect(ingressRoutes(planted)).toContain('api.portal.example.org / → api');
  });

  // Issue 64: Stripe's webhook path alone of /payments/, with the body the route takes.
  it('publish Stripe’s webhook as its exact path only, with the API route’s body limit', () => {
    const route = readFileSync(join(repoRoot, 'apps/api/src/payments/checkout/webhook-routes.ts'), 'utf8');
    const path = /stripeWebhookPath = '([^']+)'/.exec(route)?.[1];
    const limitKiB = Number(/bodyLimit = (\d+) \* 1024;/.exec(route)?.[1]);
    expect(path).toBe('/payments/stripe/webhook');
    expect(limitKiB).toBeGreaterThan(0);
    const ingresses = ofKind('Ingress') as unknown as Ingress[];
    const stripe = ingresses.filter(({ spec }) =>
      spec.rules.some(({ http }) => http.paths.some((entry) => entry.path.startsWith('/payments'))),
    );
    expect(stripe.map(({ metadata }) => metadata.name)).toEqual(['portal-api-stripe-webhook']);
    expect(stripe[0]?.spec.rules.flatMap(({ http }) => http.paths.map((entry) => entry.pathType))).toEqual([
      'Exact',
    ]);
    expect(stripe[0]?.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-body-size']).toBe(
      `${limitKiB}k`,
    );
    expect(nginx).toMatch(
      new RegExp(
        `location = ${path} \\{\\n\\s+limit_except POST \\{\\n\\s+deny all;\\n\\s+\\}\\n\\s+client_max_body_size ${limitKiB}k;`,
      ),
    );
    // A prefix in either, planted: the routes differ (a prefix would publish /payments/stripe/webhook/…).
    const prefixed = nginx.replace(`location = ${path} {`, `location ${path} {`);
    expect(nginxRoutes(prefixed)).toContain(`api.portal.example.org ${path} → api`);
    expect(nginxRoutes(prefixed)).not.toEqual(ingressRoutes(manifests));
  });

  // Issue 65: GoCardless's webhook path alone of /webhooks/, with the body the route takes.
  it('publish GoCardless’s webhook as its exact path only, with the API route’s body limit', () => {
    const route = readFileSync(
      join(repoRoot, 'apps/api/src/plans/webhooks/gocardless-webhook-routes.ts'),
      'utf8',
    );
    const path = /gocardlessWebhookPath = '([^']+)'/.exec(route)?.[1];
    const limitKiB = Number(/bodyLimit = (\d+) \* 1024;/.exec(route)?.[1]);
    expect(path).toBe('/webhooks/gocardless');
    expect(limitKiB).toBeGreaterThan(0);
    const ingresses = ofKind('Ingress') as unknown as Ingress[];
    const gocardless = ingresses.filter(({ spec }) =>
      spec.rules.some(({ http }) => http.paths.some((entry) => entry.path.startsWith('/webhooks'))),
    );
    expect(gocardless.map(({ metadata }) => metadata.name)).toEqual(['portal-api-gocardless-webhook']);
    expect(
      gocardless[0]?.spec.rules.flatMap(({ http }) => http.paths.map((entry) => entry.pathType)),
    ).toEqual(['Exact']);
    expect(gocardless[0]?.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-body-size']).toBe(
      `${limitKiB}k`,
    );
    expect(nginx).toMatch(
      new RegExp(
        `location = ${path} \\{\\n\\s+limit_except POST \\{\\n\\s+deny all;\\n\\s+\\}\\n\\s+client_max_body_size ${limitKiB}k;`,
      ),
    );
  });

  it('come with the controller’s log settings: two parts of a path, no query, errors at crit', () => {
    const [config] = ofKind('ConfigMap');
    const data = (config as { data: Record<string, string> }).data;
    const nginxMap = /map \$uri \$logged_path \{\n\s+(\S+ \$1;)/.exec(nginx)?.[1];
    expect(nginxMap).toBeDefined();
    expect(data['http-snippet']).toContain(nginxMap);
    expect(data['log-format-upstream']).toContain('"$request_method $portal_logged_path"');
    for (const variable of ['$request ', '$request_uri', '$uri', '$args', '$query_string', '$request"'])
      expect(data['log-format-upstream']).not.toContain(variable);
    expect(data['error-log-level']).toBe('crit');
  });
});

type Policy = {
  metadata: { name: string };
  spec: {
    podSelector: { matchLabels: Record<string, string> };
    policyTypes: string[];
    egress?: { to: { ipBlock?: { cidr: string; except?: string[] } }[]; ports?: { port: number }[] }[];
  };
};
const policies = ofKind('NetworkPolicy') as unknown as Policy[];
const egressOf = (component: string) =>
  policies.find(
    ({ spec }) =>
      spec.policyTypes.includes('Egress') &&
      spec.podSelector.matchLabels['app.kubernetes.io/component'] === component,
  );
/** What no process may reach on the internet: private, link-local (the metadata service), shared, loopback. */
const internal = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '169.254.0.0/16',
  '100.64.0.0/10',
  '127.0.0.0/8',
];

/** A policy's rules open to the internet (0.0.0.0/0) that do not leave out every internal range. */
function openToInternal(policy: Policy): string[] {
  return (policy.spec.egress ?? []).flatMap((rule) =>
    rule.to
      .filter(({ ipBlock }) => ipBlock?.cidr === '0.0.0.0/0')
      .flatMap(({ ipBlock }) => internal.filter((range) => !ipBlock?.except?.includes(range))),
  );
}

describe('deploy/kubernetes’ egress', () => {
  it('denies by default, and lets each process reach only what it uses', () => {
    const deny = policies.find(({ metadata }) => metadata.name === 'portal-default-deny');
    expect(deny?.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    const ports = (component: string) =>
      (egressOf(component)?.spec.egress ?? [])
        .flatMap((rule) => (rule.ports ?? []).map(({ port }) => port))
        .sort();
    expect(ports('web')).toEqual([4000, 4100, 443, 53, 53, 5432]);
    expect(ports('idp')).toEqual([53, 53, 5432]);
    expect(ports('migrate')).toEqual([53, 53, 5432]);
    // The web never reaches the internet; the others only its public addresses.
    const internet = (component: string) =>
      (egressOf(component)?.spec.egress ?? []).some((rule) =>
        rule.to.some(({ ipBlock }) => ipBlock?.cidr === '0.0.0.0/0'),
      );
    expect(['web', 'idp', 'migrate'].filter(internet)).toEqual([]);
    for (const component of ['api', 'worker']) {
      expect(internet(component), component).toBe(true);
      expect(openToInternal(egressOf(component) as Policy), component).toEqual([]);
    }
    expect(ports('worker')).toEqual(expect.arrayContaining([80, 443, 5432, 6379]));
  });

  it('refuses a worker rule to the internet that would reach the metadata service', () => {
    const worker = structuredClone(egressOf('worker') as Policy);
    for (const rule of worker.spec.egress ?? [])
      for (const { ipBlock } of rule.to)
        if (ipBlock?.except) ipBlock.except = ipBlock.except.filter((range) => range !== '169.254.0.0/16');
    expect(openToInternal(worker)).toEqual(['169.254.0.0/16']);
  });
});
