import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/test-app.ts';

const database = useTestDatabase();

describe('the OpenAPI document', () => {
  it('lists every route with its error responses', async () => {
    const app = await buildTestApp(database);
    try {
      const response = await app.inject({ method: 'GET', url: '/docs/json' });
      expect(response.statusCode).toBe(200);
      const document = response.json<{
        openapi: string;
        info: { title: string; version: string };
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      }>();
      expect(document.openapi).toMatch(/^3\./);
      expect(document.info).toMatchObject({ title: 'Client Portal API', version: '3.5.3' });
      expect(Object.keys(document.paths).sort()).toEqual(
        [
          '/healthz',
          '/readyz',
          '/online-practices',
          '/practices/{practiceId}/feature-toggles',
          '/lookup/salutations',
          '/lookup/online-appointment-reasons',
          '/lookup/cancellation-reasons',
          '/v2/insurers',
          '/v2/species',
          '/v2/species/{speciesId}/breeds',
          '/v2/species/{speciesId}/breeds/{breedId}/colours',
          '/client/profile',
          '/v2/profile',
          '/address-lookup',
          '/address-lookup/{serviceId}/{addressId}',
          '/v2/pets',
          '/v2/pets/{petId}',
          '/appointments',
          '/telemetry/render-errors',
        ].sort(),
      );
      const toggles = document.paths['/practices/{practiceId}/feature-toggles']?.get;
      expect(Object.keys(toggles?.responses ?? {}).sort()).toEqual(['200', '400', '404', '429', '500']);
      const profile = document.paths['/client/profile']?.get as { security?: unknown; responses: object };
      expect(profile.security).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(profile.responses).sort()).toEqual(['200', '401', '429', '500', '503']);
      expect((await app.inject({ method: 'GET', url: '/docs/' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
