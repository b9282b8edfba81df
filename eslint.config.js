// @ts-check
import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const noOnlyInTests = {
  selector: "CallExpression[callee.property.name='only']",
  message: 'Remove .only before committing.',
};

/**
 * @vet/clinician-time is the one writer of clinician_reservations, the table whose constraint
 * stops double booking; everything else asks it. A write in SQL text (a string or a template's text) or
 * drizzle's insert, update or delete of the table fails elsewhere. scripts/reservation-writers.test.ts
 * scans every source file for the same, so a query the selectors miss is caught there.
 */
const reservationWrite = String.raw`/\b(insert\s+into|update|delete\s+from)\s+"?clinician_reservations\b/i`;
const reservationWriteMessage =
  "Only @vet/clinician-time writes clinician_reservations: call its functions (tests' fixtures: @vet/clinician-time/testing/reservations).";
const noReservationWrites = [
  { selector: `Literal[value=${reservationWrite}]`, message: reservationWriteMessage },
  { selector: `TemplateElement[value.raw=${reservationWrite}]`, message: reservationWriteMessage },
  {
    selector:
      "CallExpression[callee.property.name=/^(insert|update|delete)$/][arguments.0.name='clinicianReservations']",
    message: reservationWriteMessage,
  },
];
/**
 * Where the rule does not apply: the owner; tests, which plant rows to test the constraint itself; the
 * benchmarks' data set, which bulk-loads millions of rows with COPY-sized inserts.
 */
const reservationWriters = ['packages/clinician-time/**', '**/*.test.{ts,tsx}', 'scripts/lib/bench/**'];

/** `expect(screen.getByX(...)).toBeDefined()` (or `await screen.findByX(...)`): the query already throws. */
const testingLibraryQuery = String.raw`/^(get|find|query)(All)?By/`;
const noPresenceOnlyAssertion = {
  selector:
    "CallExpression[callee.property.name='toBeDefined'][callee.object.callee.name='expect'] > MemberExpression > CallExpression > " +
    `:matches(CallExpression[callee.property.name=${testingLibraryQuery}], CallExpression[callee.name=${testingLibraryQuery}], ` +
    `AwaitExpression[argument.callee.property.name=${testingLibraryQuery}], AwaitExpression[argument.callee.name=${testingLibraryQuery}])`,
  message:
    'getBy/findBy already throw when nothing matches: assert something about the element (its text, name, attribute or state).',
};

/**
 * A layer of the web (a folder of apps/web/src) that the layers below it never import: by the @/ alias
 * and by a path.
 * @param {string} folder
 * @param {string} message
 */
const webLayer = (folder, message) => ({ group: [`@/${folder}/*`, `**/${folder}/**`], message });

/**
 * Import bans, one per boundary. A block that sets no-restricted-imports REPLACES the list of any earlier
 * block matching the same file (flat config does not merge rule options), so every such block composes
 * its full list from these (restrictImports, webImportBoundaries) and none can drop another's ban.
 */
const bans = {
  appsFromPackages: {
    group: ['@vet/api*', '@vet/web*', '@vet/idp*', '**/apps/**'],
    message: 'Packages never import apps.',
  },
  // packages/db is the database (its README): a rule that needs another workspace is a domain's, and the
  // domain imports @vet/db, never the reverse. Its tests and test kits may use the diary's fixtures.
  workspacesFromDb: {
    group: ['@vet/*', '!@vet/contracts', '!@vet/contracts/**', '!@vet/db', '!@vet/db/**'],
    message:
      "packages/db is the database: it imports no workspace but @vet/contracts. A domain's rule goes to its domain (packages/db/README.md).",
  },
  webFromApps: { group: ['@vet/web*', '**/apps/web/**'], message: 'Apps do not import each other.' },
  apiFromApps: { group: ['@vet/api*', '**/apps/api/**'], message: 'Apps do not import each other.' },
  idpFromApps: { group: ['@vet/idp*', '**/apps/idp/**'], message: 'Apps do not import each other.' },
  apiFromWeb: {
    group: ['@vet/api*', '@vet/idp*', '**/apps/api/**', '**/apps/idp/**'],
    message: 'The web reaches the API over HTTP only.',
  },
  dbFromWeb: {
    group: ['@vet/db*', '**/packages/db/**'],
    message: 'The web reaches data through the API: only shared/auth-session/server may import @vet/db.',
  },
  routes: webLayer('app', 'Routes import features and shared code, never the reverse.'),
  otherRoutes: {
    // The route groups' frames share the guard and the signed-in shell in app/_components (decision 0118).
    regex: String.raw`^@/app/(?!_components/[^/]+$)`,
    message: "Routes import features, shared code and app/_components, never another route's files.",
  },
  features: webLayer('features', 'Shared code and config never import features.'),
  shared: webLayer('shared', 'Config is the bottom layer: it never imports shared code.'),
  /** @param {string} feature */
  otherFeatures: (feature) => ({
    group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
    message: `Features never import each other: ${feature} imports only @/features/${feature}/...`,
  }),
  materialUi: {
    regex: '^@(mui|emotion)/',
    message:
      "Use the portal's own components (@/shared/ui, @/shared/forms, @/shared/components) and a CSS module: MUI's styling runtime with Emotion was 30-40 kB on every page, and each sx was computed in the browser (decision 0050); the autocomplete runs on the portal's own combobox (decision 0150).",
  },
  nextAuthReact: {
    group: ['next-auth/react'],
    message:
      "Use @/shared/auth-session/session-client: next-auth/react's transpiled runtime is 9 kB on every page (decision 0036).",
  },
  nextLink: {
    group: ['next/link'],
    message:
      'Use PortalLink from @/shared/navigation/portal-link: it tells the navigation progress bar while the page a link opens is on its way (decision 0047).',
  },
  nextRouter: {
    group: ['next/navigation'],
    importNames: ['useRouter'],
    message:
      'Use usePortalRouter from @/shared/navigation/use-portal-router: it shows the navigation progress bar and says when the move is over (decision 0047).',
  },
  climbing: {
    regex: String.raw`(^|/)\.\.(/|$)`,
    message: 'Import from another folder through the @/ alias, not ../ (./ stays fine).',
  },
  testKits: {
    regex: String.raw`(^|/)testing/`,
    message:
      'Fixtures and test kits live in testing/ folders, for tests only: production code never imports them.',
  },
  seed: {
    regex: String.raw`(^|/)seed/`,
    message: 'The demo seed is not a library: apps never import from a seed/ folder.',
  },
  benchFromE2e: {
    group: ['**/scripts/lib/bench/**'],
    message: "e2e never imports a benchmark's helper: what both use lives in scripts/lib/shared/.",
  },
  e2eFromScripts: {
    group: ['**/e2e/**'],
    message:
      "The repository's commands never import e2e's helpers: what both use lives in scripts/lib/shared/.",
  },
  roomsFromShared: {
    regex: String.raw`^(\.\./)+(bench|start|smoke|test-run)/`,
    message: 'scripts/lib/shared/ is what every user shares: it imports no other folder of scripts/lib.',
  },
};

/** Test files and test kits: they may reach into a module's internals and import fixtures. */
const testFiles = ['**/*.test.{ts,tsx}', '**/testing/**'];

/**
 * @param {string[]} files
 * @param {Array<{ group?: string[], importNames?: string[], regex?: string, message: string }>} patterns
 * @returns {import('eslint').Linter.Config}
 */
function restrictImports(files, patterns) {
  return { files, rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

/**
 * The web's layers, one way: routes (app/) -> features -> shared -> config. The blocks go from the widest
 * folder to the narrowest, each one repeating the bans of the wider ones. One block per feature folder.
 */
function webImportBoundaries() {
  const web = [bans.apiFromWeb, bans.dbFromWeb, bans.routes];
  const src = [...web, bans.climbing, bans.materialUi, bans.nextAuthReact, bans.nextLink, bans.nextRouter];
  const features = readdirSync(new URL('./apps/web/src/features/', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    restrictImports(['apps/web/**'], web),
    restrictImports(['apps/web/src/**'], src),
    restrictImports(['apps/web/src/app/**'], [...src.filter((ban) => ban !== bans.routes), bans.otherRoutes]),
    // A file directly in features/, outside any feature folder, imports no feature.
    restrictImports(['apps/web/src/features/**'], [...src, bans.features]),
    ...features.map((feature) =>
      restrictImports([`apps/web/src/features/${feature}/**`], [...src, bans.otherFeatures(feature)]),
    ),
    // The sign-in layer's integration tests (session-update) run the session store on a test database,
    // as the store's own tests do (decision 0100); the feature's code itself still may not.
    restrictImports(
      ['apps/web/src/features/auth/server/*.integration.test.ts'],
      [...src.filter((ban) => ban !== bans.dbFromWeb), bans.otherFeatures('auth')],
    ),
    restrictImports(['apps/web/src/shared/**'], [...src, bans.features]),
    // The one exception to "the web reaches data through the API": the server-side session store
    // (web_sessions, revocable sessions holding the tokens) uses @vet/db. Nothing else in the web may.
    restrictImports(
      ['apps/web/src/shared/auth-session/server/**'],
      [...src.filter((ban) => ban !== bans.dbFromWeb), bans.features],
    ),
    // The two files that wrap next/link and Next.js's router.
    restrictImports(
      [
        'apps/web/src/shared/navigation/portal-link.tsx',
        'apps/web/src/shared/navigation/use-portal-router.ts',
      ],
      [...src.filter((ban) => ban !== bans.nextLink && ban !== bans.nextRouter), bans.features],
    ),
    restrictImports(['apps/web/src/config/**'], [...src, bans.features, bans.shared]),
  ];
}

/**
 * Production code (not tests, not test kits) never imports from a testing/ folder. Flat config replaces
 * no-restricted-imports' options per block, so each block here repeats the list that applies to its files
 * and adds the test-kit ban; blocks for the web reuse webImportBoundaries' lists.
 */
function productionCodeBoundaries() {
  return [
    ...[
      restrictImports(['packages/**'], [bans.appsFromPackages]),
      restrictImports(['packages/db/**'], [bans.appsFromPackages, bans.workspacesFromDb]),
      restrictImports(['apps/api/**'], [bans.webFromApps, bans.idpFromApps, bans.seed]),
      restrictImports(['apps/idp/**'], [bans.webFromApps, bans.apiFromApps, bans.seed]),
      ...webImportBoundaries(),
    ].map((block) => {
      const [level, options] = block.rules['no-restricted-imports'];
      return {
        files: block.files,
        ignores: testFiles,
        rules: {
          'no-restricted-imports': [level, { patterns: [...options.patterns, bans.testKits] }],
        },
      };
    }),
  ];
}

/**
 * The API's house (decision 0091): apps/api/src holds a few domains, each a folder with an entry
 * (index.ts) that lists what the others may use, and the roots app.ts and server.ts. Inside a domain each
 * module (a folder) is entered by its own index.ts too. The domains stand in layers and import only the
 * layers below them; config/ is read by the roots alone and imports no domain. A loop between two
 * modules then runs through their entries, where import-x/no-cycle sees it (scripts/import-graph.ts sees
 * type-only loops too). Tests and test kits may reach inside.
 */
const apiLayers = [
  ['platform'],
  ['reference'],
  ['clients'],
  ['appointments'],
  // Paying online (decision 0157): on clients' bills, and appointments' deposits to come. Health plans
  // (decision 0159) beside it: on clients' pets and appointments' reasons, neither using the other.
  // Messages with the practice (decision 0165) beside them: on clients' pets, neither using the others.
  ['payments', 'plans', 'conversations'],
  ['messages', 'practice-system'],
  // The operator's command (decision 0097) uses the domains as the roots do; no domain uses it.
  ['operator'],
];

/** @param {string} dir */
function apiFolders(dir) {
  return readdirSync(new URL(`./${dir}/`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'testing')
    .map((entry) => entry.name);
}

function apiModuleBoundaries() {
  const src = 'apps/api/src';
  const domains = apiFolders(src);
  const rank = (/** @type {string} */ domain) => apiLayers.findIndex((layer) => layer.includes(domain));
  const entries = domains.flatMap((domain) => [
    {
      target: [`${src}/!(${domain})/**`, `${src}/*.ts`],
      from: `${src}/${domain}`,
      except: ['./index.ts'],
      message: `Another domain imports only ${domain}/index.ts, the domain's entry (decision 0091).`,
    },
    ...apiFolders(`${src}/${domain}`).map((module) => ({
      target: [`${src}/${domain}/!(${module})/**`, `${src}/${domain}/*.ts`],
      from: `${src}/${domain}/${module}`,
      except: ['./index.ts'],
      message: `Another module imports only ${domain}/${module}/index.ts, the module's entry (decision 0091).`,
    })),
  ]);
  const layers = domains
    .filter((domain) => domain !== 'config')
    .map((domain) => ({
      target: `${src}/${domain}/**`,
      from: domains
        .filter((other) => other !== domain && other !== 'config')
        .filter((other) => rank(other) === -1 || rank(domain) === -1 || rank(other) >= rank(domain))
        .map((other) => `${src}/${other}`),
      message: `A domain imports only the layers below it: ${apiLayers.map((layer) => layer.join(', ')).join(' ← ')} (decision 0091).`,
    }))
    .filter((zone) => zone.from.length > 0);
  const config = [
    {
      target: `${src}/!(config)/**`,
      from: `${src}/config`,
      message:
        'Only the roots (app.ts, server.ts, operator.ts) read the config; a module declares the options it needs (decision 0091).',
    },
    {
      target: `${src}/config/**`,
      from: domains.filter((domain) => domain !== 'config').map((domain) => `${src}/${domain}`),
      message: 'The config imports no domain: the roots hand each module its options (decision 0091).',
    },
  ];
  return {
    files: [`${src}/**/*.ts`],
    ignores: testFiles,
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...entries, ...layers, ...config] },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/.next/**',
      '.data/**',
      '**/dist/**',
      'apps/web/next-env.d.ts',
      // scripts/lint-rules.test.ts plants rule violations here while it runs (and lints them with ignore: false).
      '**/lint-probe-*/**',
      '**/lint-probe-*',
      // Written by @hey-api/openapi-ts from the contract and checked against it (decision 0114).
      'packages/integration-client/src/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type X }` alone still loads the module (verbatimModuleSyntax): with @vet/contracts that
      // is zod in the browser's bundle. `import type { X }` loads nothing (decision 0032).
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', noOnlyInTests],
      // One validated config per app: process.env is read only in config modules.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through the app config module.' },
      ],
    },
  },
  {
    files: [
      '**/config.ts',
      '**/config/*.ts',
      'scripts/**',
      'e2e/**',
      '**/*.test.ts',
      '**/testing/**',
      '**/cli/*.ts',
      '*.config.ts',
      'apps/web/next.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Blocks replace a rule's options, so this one repeats noOnlyInTests.
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', noOnlyInTests, noPresenceOnlyAssertion] },
  },
  {
    // Blocks replace a rule's options, so this one repeats noOnlyInTests; tests keep the block above.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: reservationWriters,
    rules: { 'no-restricted-syntax': ['error', noOnlyInTests, ...noReservationWrites] },
  },
  restrictImports(['packages/**'], [bans.appsFromPackages]),
  restrictImports(['apps/api/**'], [bans.webFromApps, bans.idpFromApps, bans.seed]),
  restrictImports(['apps/idp/**'], [bans.webFromApps, bans.apiFromApps, bans.seed]),
  // e2e and the benchmarks keep to their own rooms (scripts/README.md): neither imports the other's helpers.
  restrictImports(['e2e/**'], [bans.benchFromE2e]),
  restrictImports(['scripts/**'], [bans.e2eFromScripts]),
  restrictImports(['scripts/lib/shared/**'], [bans.e2eFromScripts, bans.roomsFromShared]),
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, '@next/next': nextPlugin },
    settings: { next: { rootDir: 'apps/web' } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs['core-web-vitals'].rules,
    },
  },
  ...webImportBoundaries(),
  ...productionCodeBoundaries(),
  apiModuleBoundaries(),
  {
    // No import cycles in apps/ and packages/ (type-only imports do not count). The resolver reads the
    // tsconfig and the workspaces' package.json exports (`@vet/contracts/<file>`).
    files: ['{apps,packages}/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The web's `@/` alias lives in its own tsconfig.
    files: ['apps/web/**/*.{ts,tsx}'],
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
  },
  {
    // File and folder names are kebab-case; middle extensions (.test, .integration.test, .d) aside.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['**/*.d.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Next.js route folders may also be `_private`, `(group)`, `[param]` or `[...catchAll]`.
    files: ['apps/web/src/app/**'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/folder-naming-convention': ['error', { 'apps/web/src/app/**/': 'NEXT_JS_APP_ROUTER_CASE' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
