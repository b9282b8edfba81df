/**
 * The production build's server bundles (decision 0068): the API, the identity provider, the migrate
 * command and the operator's command (decision 0097), each one ESM file in dist/ with a source map. The workspace packages (@vet/*, TypeScript
 * source) are compiled in; every other package stays an import, resolved from node_modules at run time,
 * so a production install (`npm ci --omit=dev`) is all they need. Fails if a bundle would import a
 * development dependency. Run by scripts/production/build.sh; `--only <output>` (repeatable) and
 * `--out <folder>` bundle some of them elsewhere (the operator's bundle test).
 */
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { build, type Plugin } from 'esbuild';
import { repoRoot } from '../lib/shared/paths.ts';

/**
 * entry → output, relative to the repository and dist/. One folder below dist/ each (see migrations), but
 * for the web's metrics, which go where server.mjs imports them.
 */
const bundles = [
  { entry: 'apps/api/src/server.ts', output: 'api/server.mjs' },
  { entry: 'apps/idp/src/server.ts', output: 'idp/server.mjs' },
  { entry: 'packages/db/src/cli/migrate.ts', output: 'migrate/migrate.mjs' },
  // The operator's command, portal-admin (scripts/production/portal-admin.sh; decision 0097).
  { entry: 'apps/api/src/operator.ts', output: 'operator/operator.mjs' },
  // The tracing each server preloads (node --import; start-api.sh, start-web.sh; decision 0071).
  { entry: 'apps/api/src/platform/observability/preload.ts', output: 'observability/api.mjs' },
  { entry: 'apps/web/src/observability/preload.ts', output: 'observability/web.mjs' },
  // The metrics the web's server.mjs loads when METRICS_PORT is set (decision 0072), where it imports them
  // from: beside it in Next.js's standalone output, which build.sh has copied to dist/web by then.
  { entry: 'apps/web/src/metrics/web-metrics.mjs', output: 'web/apps/web/src/metrics/web-metrics.mjs' },
  // The timeouts server.mjs reads before anything else (decision 0127), likewise beside it.
  { entry: 'apps/web/src/config/http-timeouts.mjs', output: 'web/apps/web/src/config/http-timeouts.mjs' },
];

const packageName = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;

/**
 * Bare imports outside the workspace stay imports (their names go into `imported`); @vet/* resolves to its
 * TypeScript source and is compiled in. A package npm placed under a workspace rather than at the root
 * (nodemailer, under packages/email: next-auth's peer range keeps it from the root) cannot be found by
 * name from dist/; it is imported by its path instead, which the same lockfile gives a production install.
 */
function thirdPartyExternal(outfile: string, imported: Set<string>): Plugin {
  const patched = patchedPackages();
  return {
    name: 'third-party-external',
    setup(bundler) {
      bundler.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.path.startsWith('@vet/') || args.pluginData === 'resolving') return undefined;
        if (patched.has(packageName(args.path))) return undefined;
        if (!builtinModules.includes(args.path) && !args.path.startsWith('node:'))
          imported.add(packageName(args.path));
        const found = await bundler.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          pluginData: 'resolving',
        });
        if (found.errors.length > 0) return { errors: found.errors };
        const atRoot = join(repoRoot, 'node_modules') + sep;
        const nested = found.path.includes(`${sep}node_modules${sep}`);
        if (!nested || found.path.startsWith(atRoot)) return { path: args.path, external: true };
        return { path: relative(dirname(outfile), found.path).split(sep).join('/'), external: true };
      });
    },
  };
}

/** The packages patches/ changes: patch-package names each file <name>+<version>.patch (scope+name too). */
function patchedPackages(): Set<string> {
  const folder = join(repoRoot, 'patches');
  if (!existsSync(folder)) return new Set();
  return new Set(
    readdirSync(folder)
      .filter((file) => file.endsWith('.patch'))
      .map((file) => file.split('+').slice(0, -1).join('/')),
  );
}

/** What a production install holds: the dependencies (not devDependencies) of the root and each workspace. */
function productionPackages(): Set<string> {
  const manifests = ['package.json', ...workspaceManifests()];
  const names = manifests.flatMap((file) =>
    Object.keys(
      (JSON.parse(readFileSync(join(repoRoot, file), 'utf8')) as { dependencies?: object }).dependencies ??
        {},
    ),
  );
  return new Set(names);
}

function workspaceManifests(): string[] {
  const root = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] };
  return root.workspaces.flatMap((pattern) => {
    const folder = pattern.replace(/\/\*$/, '');
    return readdirSync(join(repoRoot, folder))
      .map((name) => `${folder}/${name}/package.json`)
      .filter((file) => existsSync(join(repoRoot, file)));
  });
}

export async function bundleServers({
  dist = join(repoRoot, 'dist'),
  only,
}: { dist?: string; only?: readonly string[] } = {}): Promise<void> {
  const allowed = productionPackages();
  const unknown = (only ?? []).filter((output) => !bundles.some((bundle) => bundle.output === output));
  if (unknown.length > 0) throw new Error(`no bundle is written to ${unknown.join(', ')}`);
  for (const { entry, output } of bundles.filter((bundle) => !only || only.includes(bundle.output))) {
    const imported = new Set<string>();
    await build({
      entryPoints: [join(repoRoot, entry)],
      outfile: join(dist, output),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      sourcemap: true,
      // Stack traces name the functions of the sources.
      keepNames: true,
      logLevel: 'warning',
      plugins: [thirdPartyExternal(join(dist, output), imported)],
    });
    const missing = [...imported].filter((name) => !allowed.has(name));
    if (missing.length > 0) {
      throw new Error(`${output} imports packages a production install lacks: ${missing.join(', ')}`);
    }
    console.log(`bundled ${entry} → ${relative(repoRoot, join(dist, output))}`);
  }
  // migrate.ts finds the SQL at ../migrations from its own file: from dist/<entry>/ that is dist/migrations.
  cpSync(join(repoRoot, 'packages/db/migrations'), join(dist, 'migrations'), { recursive: true });
  // The reference lists' files, which a bundle reads at ../reference-data (reference-files.ts).
  cpSync(join(repoRoot, 'packages/db/src/reference/data'), join(dist, 'reference-data'), { recursive: true });
}

const { values } = parseArgs({
  options: { out: { type: 'string' }, only: { type: 'string', multiple: true } },
});
await bundleServers({ dist: values.out && resolve(values.out), only: values.only });
