/**
 * The boundaries in eslint.config.js bite: this plants forbidden code in scratch files under the real
 * folders (so that the real config, tsconfigs and type information apply), lints them with ESLint's API
 * and expects each to fail with the right rule, and legal files to pass.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot } from './lib/shared/paths.ts';

/** Kebab-case, so that only the planted violations fail; eslint.config.js and .gitignore ignore `lint-probe-*`. */
const probe = `lint-probe-${randomBytes(4).toString('hex')}`;
/** The real folders that get a scratch folder named `probe`. */
const parents = {
  feature: 'apps/web/src/features/auth',
  shared: 'apps/web/src/shared',
  session: 'apps/web/src/shared/auth-session/server',
  config: 'apps/web/src/config',
  portalRoutes: 'apps/web/src/app/(portal)',
  contracts: 'packages/contracts/src',
  api: 'apps/api/src',
  guests: 'apps/api/src/appointments/guests',
  booking: 'apps/api/src/appointments/booking',
  http: 'apps/api/src/platform/http',
  operator: 'apps/api/src/operator',
  e2e: 'e2e/support',
  bench: 'scripts/lib/bench',
  scriptsShared: 'scripts/lib/shared',
  clinicianTime: 'packages/clinician-time/src',
  db: 'packages/db/src',
};
const at = (parent: keyof typeof parents, file: string) => `${parents[parent]}/${probe}/${file}`;
/** Scratch modules of the API's appointments domain, for loops between modules (c and d: of types only). */
const apiModule = (name: 'a' | 'b' | 'c' | 'd', file: string) =>
  `apps/api/src/appointments/${probe}-${name}/${file}`;

const restricted = (message: string) => ['no-restricted-imports', message] as const;
const cycle = ['import-x/no-cycle', 'Dependency cycle'] as const;
const moduleInternal = (module: string) =>
  ['import-x/no-restricted-paths', `Another module imports only ${module}/index.ts`] as const;
const domainInternal = (domain: string) =>
  ['import-x/no-restricted-paths', `Another domain imports only ${domain}/index.ts`] as const;
const layered = ['import-x/no-restricted-paths', 'A domain imports only the layers below it'] as const;
const reservationWrite = [
  'no-restricted-syntax',
  'Only @vet/clinician-time writes clinician_reservations',
] as const;
/** Writes of clinician_reservations: in a pg query's string, in drizzle's sql template, by drizzle's builder. */
const reservationWrites = [
  `import { clinicianReservations } from '@vet/db/schema/appointments';`,
  `import type { Executor } from '@vet/db/connection';`,
  `import { sql } from 'drizzle-orm';`,
  `export const raw = 'delete from clinician_reservations where appointment_id = $1';`,
  `export const freed = (id: number) => sql\`update clinician_reservations set practice_lane = false where id = \${id}\`;`,
  `export const write = (tx: Executor) => tx.insert(clinicianReservations).values([]);`,
];

/** Each case is linted alone and must report exactly `expected`: rule ids and a part of their message. */
const cases: { name: string; file: string; source: string[]; expected: (readonly [string, string])[] }[] = [
  {
    name: 'a feature importing another feature',
    file: at('feature', 'other-feature.ts'),
    source: [
      `import { nextBookedAppointment } from '@/features/dashboard/next-appointment';`,
      `export const probe = nextBookedAppointment;`,
    ],
    expected: [restricted('Features never import each other')],
  },
  {
    name: '@vet/db in web shared code',
    file: at('shared', 'database.ts'),
    source: [
      `import { emailKey } from '@vet/db/normalise';`,
      `export const probe = emailKey('A@example.com');`,
    ],
    expected: [restricted('only shared/auth-session/server may import @vet/db')],
  },
  {
    name: 'an import cycle through the web alias',
    file: at('feature', 'cycle-a.ts'),
    source: [
      `import { b } from '@/features/auth/${probe}/cycle-b';`,
      `export const a = 1;`,
      `export const ab = a + b;`,
    ],
    expected: [cycle],
  },
  {
    name: 'an import cycle through a workspace package export',
    file: at('contracts', 'cycle-a.ts'),
    source: [
      `import { b } from '@vet/contracts/${probe}/cycle-b';`,
      `export const a = 1;`,
      `export const ab = a + b;`,
    ],
    expected: [cycle],
  },
  {
    name: 'an import cycle of .ts imports in the API',
    file: at('api', 'cycle-a.ts'),
    source: [`import { b } from './cycle-b.ts';`, `export const a = 1;`, `export const ab = a + b;`],
    expected: [cycle],
  },
  {
    name: 'a camelCase file name',
    file: at('feature', 'camelCase.ts'),
    source: [`export const probe = 1;`],
    expected: [['check-file/filename-naming-convention', 'does not match the "KEBAB_CASE" pattern']],
  },
  {
    name: 'a camelCase folder name',
    file: at('feature', 'camelCase/probe.ts'),
    source: [`export const probe = 1;`],
    expected: [['check-file/folder-naming-convention', 'does not match the "KEBAB_CASE" pattern']],
  },
  {
    name: "a route group importing another route's file",
    file: at('portalRoutes', 'other-route.ts'),
    source: [
      `import { serverFrameData } from '@/app/(server-drawn)/_components/server-frame-data';`,
      `export const probe = serverFrameData;`,
    ],
    expected: [restricted("never another route's files")],
  },
  {
    name: 'a route group importing what the frames share (legal)',
    file: at('portalRoutes', 'shared-frame.ts'),
    source: [
      `import { ClientFrame } from '@/app/_components/client-frame';`,
      `export const probe = ClientFrame;`,
    ],
    expected: [],
  },
  {
    name: 'a ../ import in the web',
    file: at('feature', 'climbing.ts'),
    source: [
      `import { portalSignInRequest } from '../sign-in-requests';`,
      `export const probe = portalSignInRequest();`,
    ],
    expected: [restricted('not ../')],
  },
  {
    name: 'shared code importing a feature',
    file: at('shared', 'feature-import.ts'),
    source: [
      `import { portalSignInRequest } from '@/features/auth/sign-in-requests';`,
      `export const probe = portalSignInRequest();`,
    ],
    expected: [restricted('Shared code and config never import features')],
  },
  {
    name: 'config importing shared code',
    file: at('config', 'shared-import.ts'),
    source: [
      `import { telephoneHref } from '@/shared/telephone-href';`,
      `export const probe = telephoneHref('1');`,
    ],
    expected: [restricted('Config is the bottom layer')],
  },
  {
    name: 'next/link in a feature (links go through PortalLink, decision 0047)',
    file: at('feature', 'next-link.ts'),
    source: [`import NextLink from 'next/link';`, `export const probe = NextLink;`],
    expected: [restricted('Use PortalLink from @/shared/navigation/portal-link')],
  },
  {
    name: 'next/navigation’s useRouter in a feature (moves go through usePortalRouter, decision 0047)',
    file: at('feature', 'next-router.ts'),
    source: [
      `import { usePathname, useRouter } from 'next/navigation';`,
      `export const probe = [usePathname, useRouter];`,
    ],
    expected: [restricted('Use usePortalRouter from @/shared/navigation/use-portal-router')],
  },
  {
    name: 'an MUI component in a feature (the portal draws its own, decision 0050)',
    file: at('feature', 'material-button.ts'),
    // A bare import: MUI is no longer installed, so a value of it would be an unresolved type.
    source: [`import '@mui/material/Button';`],
    expected: [restricted("Use the portal's own components")],
  },
  {
    name: 'Emotion or MUI styles in shared code (static CSS modules instead, decision 0050)',
    file: at('shared', 'material-styles.ts'),
    source: [
      `import { keyframes } from '@emotion/react';`,
      `import { styled } from '@mui/material/styles';`,
      `export const probe = [keyframes, styled];`,
    ],
    expected: [restricted("Use the portal's own components"), restricted("Use the portal's own components")],
  },
  {
    name: 'MUI’s headless useAutocomplete in shared code (the portal’s own combobox, decision 0150)',
    file: at('shared', 'headless-autocomplete.ts'),
    source: [`import '@mui/material/useAutocomplete';`],
    expected: [restricted("Use the portal's own components")],
  },
  {
    name: 'legal: a feature importing itself through @/, shared, config and ./',
    file: at('feature', 'legal.ts'),
    source: [
      `import { portalSignInRequest } from '@/features/auth/sign-in-requests';`,
      `import { defaultProviderSiteUrl } from '@/config/site-links';`,
      `import { telephoneHref } from '@/shared/telephone-href';`,
      `import { helper } from './legal-helper';`,
      `export const probe = [portalSignInRequest(), defaultProviderSiteUrl, telephoneHref('1'), helper];`,
    ],
    expected: [],
  },
  {
    name: 'an API module importing another module’s internal file (a guest file and booking’s slot search)',
    file: at('guests', 'booking-internal.ts'),
    source: [
      `import { searchAppointmentSlots } from '../../booking/slot-search.ts';`,
      `export const probe = searchAppointmentSlots;`,
    ],
    expected: [moduleInternal('appointments/booking')],
  },
  {
    name: 'an API domain importing a module of another domain past that domain’s entry',
    file: at('guests', 'pets-module.ts'),
    source: [
      `import { petRoutes } from '../../../clients/pets/index.ts';`,
      `export const probe = petRoutes;`,
    ],
    expected: [domainInternal('clients')],
  },
  {
    name: 'the API’s composition root importing a module past its domain’s entry',
    file: `apps/api/src/${probe}-root.ts`,
    source: [
      `import { slotRoutes } from './appointments/booking/index.ts';`,
      `export const probe = slotRoutes;`,
    ],
    expected: [domainInternal('appointments')],
  },
  {
    name: 'a lower API domain importing a higher one (platform importing clients)',
    file: at('http', 'clients-import.ts'),
    source: [`import { petRoutes } from '../../../clients/index.ts';`, `export const probe = petRoutes;`],
    expected: [layered],
  },
  {
    name: 'an API domain importing the operator’s command (the top layer, decision 0097)',
    file: at('guests', 'operator-import.ts'),
    source: [
      `import { runOperator } from '../../../operator/index.ts';`,
      `export const probe = runOperator;`,
    ],
    expected: [layered],
  },
  {
    name: 'the operator’s command reading the config (its root hands it its settings)',
    file: at('operator', 'config-import.ts'),
    source: [
      `import { loadOperatorConfig } from '../../config/index.ts';`,
      `export const probe = loadOperatorConfig;`,
    ],
    expected: [
      ['import-x/no-restricted-paths', 'Only the roots (app.ts, server.ts, operator.ts) read the config'],
    ],
  },
  {
    name: 'an API module reading the config (the roots hand it its options)',
    file: at('booking', 'config-import.ts'),
    source: [`import { loadConfig } from '../../../config/index.ts';`, `export const probe = loadConfig;`],
    expected: [
      ['import-x/no-restricted-paths', 'Only the roots (app.ts, server.ts, operator.ts) read the config'],
    ],
  },
  {
    name: 'a loop between two API modules, through their entries',
    file: apiModule('a', 'uses-b.ts'),
    source: [
      `import { b } from '../${probe}-b/index.ts';`,
      `export const a = 1;`,
      `export const ab = a + b;`,
    ],
    expected: [cycle],
  },
  {
    name: 'a loop of type-only imports between two API modules (ESLint passes it; lint:graph does not)',
    file: apiModule('c', 'index.ts'),
    source: [`import type { D } from '../${probe}-d/index.ts';`, `export interface C {`, `  d?: D;`, `}`],
    expected: [],
  },
  {
    name: 'production code importing a fixture',
    file: at('booking', 'uses-fixture.ts'),
    source: [
      `import * as fixtures from '../testing/booking-fixtures.ts';`,
      `export const probe = Object.keys(fixtures);`,
    ],
    expected: [restricted('Fixtures and test kits live in testing/ folders')],
  },
  {
    name: 'web production code importing a test kit',
    file: at('shared', 'uses-test-kit.ts'),
    source: [
      `import { prepareShellWindow } from '@/testing/shell-window';`,
      `export const probe = prepareShellWindow;`,
    ],
    expected: [restricted('Fixtures and test kits live in testing/ folders')],
  },
  {
    name: 'an app importing from the demo seed',
    file: at('booking', 'uses-seed.ts'),
    source: [
      `import { easterSunday } from '@vet/db/seed/bank-holidays';`,
      `export const probe = easterSunday(2027);`,
    ],
    expected: [restricted('apps never import from a seed/ folder')],
  },
  {
    name: 'legal: an API module importing another module’s entry',
    file: at('guests', 'booking-entry.ts'),
    source: [
      `import { searchAppointmentSlots } from '../../booking/index.ts';`,
      `export const probe = searchAppointmentSlots;`,
    ],
    expected: [],
  },
  {
    name: 'legal: an API module importing a lower domain’s entry',
    file: at('guests', 'clients-entry.ts'),
    source: [`import { petRoutes } from '../../../clients/index.ts';`, `export const probe = petRoutes;`],
    expected: [],
  },
  {
    name: 'legal: the operator’s command importing the domains’ entries',
    file: at('operator', 'domains.ts'),
    source: [
      `import { inviteClient } from '../../practice-system/index.ts';`,
      `import { notFound } from '../../platform/index.ts';`,
      `export const probe = [inviteClient, notFound];`,
    ],
    expected: [],
  },
  {
    name: 'legal: a test reaching into another module and its fixtures',
    file: at('guests', 'reach-inside.test.ts'),
    source: [
      `import { searchAppointmentSlots } from '../../booking/slot-search.ts';`,
      `import { localDay } from '../../booking/testing/booking-fixtures.ts';`,
      `export const probe = [searchAppointmentSlots, localDay(1)];`,
    ],
    expected: [],
  },
  {
    name: 'legal: @vet/db in shared/auth-session/server',
    file: at('session', 'database.ts'),
    source: [
      `import { emailKey } from '@vet/db/normalise';`,
      `export const probe = emailKey('A@example.com');`,
    ],
    expected: [],
  },
  {
    name: 'a write of clinician_reservations outside its owner',
    file: at('booking', 'reservation-writes.ts'),
    source: reservationWrites,
    expected: [reservationWrite, reservationWrite, reservationWrite],
  },
  {
    name: "a test fixture's write of clinician_reservations (fixtures use the owner's functions)",
    file: at('guests', 'testing/reservation-writes.ts'),
    source: reservationWrites,
    expected: [reservationWrite, reservationWrite, reservationWrite],
  },
  {
    name: 'legal: the owner, @vet/clinician-time, writing clinician_reservations',
    file: at('clinicianTime', 'reservation-writes.ts'),
    source: reservationWrites,
    expected: [],
  },
  {
    name: 'legal: a test planting a reservation row',
    file: at('booking', 'reservation-writes.test.ts'),
    source: reservationWrites,
    expected: [],
  },
  {
    name: 'packages/db importing another workspace than contracts',
    file: at('db', 'domain-rule.ts'),
    source: [
      `import { practiceTimeZone } from '@vet/contracts/practice-clock';`,
      `import { recordPracticeEvent } from '@vet/practice-events/record-events';`,
      `export const probe = [practiceTimeZone, recordPracticeEvent];`,
    ],
    expected: [restricted('packages/db is the database')],
  },
  {
    name: "legal: packages/db's test kit using the diary's functions",
    file: at('db', 'testing/fixtures.ts'),
    source: [
      `import { reserve } from '@vet/clinician-time/online-reservations';`,
      `export const probe = reserve;`,
    ],
    expected: [],
  },
  {
    name: 'e2e importing a benchmark helper',
    file: at('e2e', 'bench-helper.ts'),
    source: [
      `import { quantile } from '../../../scripts/lib/bench/open-loop.ts';`,
      `export const probe = quantile;`,
    ],
    expected: [restricted("e2e never imports a benchmark's helper")],
  },
  {
    name: 'a benchmark helper importing e2e support',
    file: at('bench', 'e2e-helper.ts'),
    source: [
      `import { e2eChecksPerAddress } from '../../../../e2e/support/limits.ts';`,
      `export const probe = e2eChecksPerAddress;`,
    ],
    expected: [restricted("never import e2e's helpers")],
  },
  {
    name: 'scripts/lib/shared importing a benchmark helper',
    file: at('scriptsShared', 'bench-helper.ts'),
    source: [`import { quantile } from '../../bench/open-loop.ts';`, `export const probe = quantile;`],
    expected: [restricted('it imports no other folder of scripts/lib')],
  },
  {
    name: 'legal: e2e importing scripts/lib/shared and scripts/lib/start',
    file: at('e2e', 'shared-helpers.ts'),
    source: [
      `import { repoRoot } from '../../../scripts/lib/shared/paths.ts';`,
      `import { embeddedIssuer } from '../../../scripts/lib/start/portal.ts';`,
      `export const probe = [repoRoot, embeddedIssuer];`,
    ],
    expected: [],
  },
];

/** Files the cases import, not linted themselves. */
const imported: Record<string, string[]> = {
  [at('feature', 'cycle-b.ts')]: [
    `import { a } from './cycle-a';`,
    `export const b = 2;`,
    `export const ba = b + a;`,
  ],
  [at('contracts', 'cycle-b.ts')]: [
    `import { a } from './cycle-a.ts';`,
    `export const b = 2;`,
    `export const ba = b + a;`,
  ],
  [at('api', 'cycle-b.ts')]: [
    `import { a } from './cycle-a.ts';`,
    `export const b = 2;`,
    `export const ba = b + a;`,
  ],
  [at('feature', 'legal-helper.ts')]: [`export const helper = 1;`],
  [apiModule('a', 'index.ts')]: [`export { a } from './uses-b.ts';`],
  [apiModule('b', 'index.ts')]: [`export { b } from './uses-a.ts';`],
  [apiModule('d', 'index.ts')]: [
    `import type { C } from '../${probe}-c/index.ts';`,
    `export interface D {`,
    `  c?: C;`,
    `}`,
  ],
  [apiModule('b', 'uses-a.ts')]: [
    `import { a } from '../${probe}-a/index.ts';`,
    `export const b = 2;`,
    `export const ba = b + a;`,
  ],
};

/** Creating a scratch folder touches its parent's mtime, which would mark the web build stale: put it back. */
const parentTimes = Object.values(parents).map((parent) => {
  const path = join(repoRoot, parent);
  const { atime, mtime } = statSync(path);
  return { path, atime, mtime };
});

const results = new Map<string, ESLint.LintResult>();

beforeAll(async () => {
  const sources = [...cases.map(({ file, source }) => [file, source] as const), ...Object.entries(imported)];
  for (const [file, lines] of sources) {
    mkdirSync(dirname(join(repoRoot, file)), { recursive: true });
    writeFileSync(join(repoRoot, file), `${lines.join('\n')}\n`);
  }
  // ignore: false, as eslint.config.js ignores the scratch folders (for anyone's `npm run lint` meanwhile).
  const eslint = new ESLint({ cwd: repoRoot, ignore: false });
  for (const result of await eslint.lintFiles(cases.map(({ file }) => join(repoRoot, file)))) {
    results.set(result.filePath, result);
  }
}, 300_000);

afterAll(() => {
  for (const parent of Object.values(parents))
    rmSync(join(repoRoot, parent, probe), { recursive: true, force: true });
  const scratches = ['a', 'b', 'c', 'd'].map((name) => `appointments/${probe}-${name}`);
  for (const scratch of [...scratches, `${probe}-root.ts`])
    rmSync(join(repoRoot, 'apps/api/src', scratch), { recursive: true, force: true });
  for (const { path, atime, mtime } of parentTimes) utimesSync(path, atime, mtime);
});

it.each(cases)('lint reports $name', ({ file, expected }) => {
  const result = results.get(join(repoRoot, file));
  expect(result?.messages.map(({ ruleId, message }) => ({ ruleId, message }))).toEqual(
    expected.map(([ruleId, message]) => ({ ruleId, message: expect.stringContaining(message) as string })),
  );
});

it('lint:graph refuses the loop of type-only imports', () => {
  // The same command as `npm run lint:graph`'s first half, on the two scratch modules.
  const run = spawnSync(
    'npx',
    ['depcruise', '--config', '.dependency-cruiser.cjs', '--ts-config', 'tsconfig.json'].concat([
      apiModule('c', ''),
      apiModule('d', ''),
    ]),
    { cwd: repoRoot, encoding: 'utf8' },
  );
  // One circle, reported once from its first file; the exit status counts the errors.
  expect(run.status).toBe(1);
  expect(run.stdout).toContain(`error no-circular: ${apiModule('c', 'index.ts')}`);
  expect(run.stdout).toContain(apiModule('d', 'index.ts'));
});
