import { bffDevelopmentPrefixes, bffForwardedPrefixes, bffRefusedPrefixes } from '@vet/contracts/bff-paths';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const database = useTestDatabase();

/**
 * The portal's proxy forwards only an allow-list of first path segments (packages/contracts/src/bff-paths.ts).
 * Every area the API documents must be on it or deliberately refused, so a new area can be neither
 * silently unreachable from the browser nor silently exposed through it.
 */
describe('the BFF allow-list against the API', () => {
  let app: App;
  let firstSegments: string[];
  beforeAll(async () => {
    app = await buildTestApp(database);
    const response = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    firstSegments = [...new Set(paths.map((path) => path.split('/')[1] ?? ''))].sort();
  });
  afterAll(() => app.close());

  it('classifies every documented first segment: forwarded, development only, or refused', () => {
    const known: readonly string[] = [
      ...bffForwardedPrefixes,
      ...bffDevelopmentPrefixes,
      ...bffRefusedPrefixes,
    ];
    expect(firstSegments.filter((segment) => !known.includes(segment))).toEqual([]);
  });

  it('forwards nothing the API does not serve', () => {
    const forwarded: readonly string[] = [...bffForwardedPrefixes, ...bffDevelopmentPrefixes];
    expect(forwarded.filter((prefix) => !firstSegments.includes(prefix))).toEqual([]);
  });

  it('refuses the documentation and the health probes', () => {
    expect(firstSegments).toEqual(expect.arrayContaining(['healthz', 'readyz']));
    const forwarded: readonly string[] = [...bffForwardedPrefixes, ...bffDevelopmentPrefixes];
    for (const refused of bffRefusedPrefixes) expect(forwarded).not.toContain(refused);
  });
});
