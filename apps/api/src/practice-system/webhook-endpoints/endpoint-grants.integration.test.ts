import { webhookEndpoints } from '@vet/db/schema/practice-events';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { addEndpoint } from '@vet/practice-events/endpoints-repository';
import { insertOwnedEndpoint } from '@vet/practice-events/owned-endpoints-repository';
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fitEndpointsToGrants } from './webhook-endpoint-service.ts';

/**
 * Decision 0112: grants live in the config, filters in the database. At start-up the endpoints registered
 * through the API are fitted to the grants: a narrowed grant narrows them, a client no longer accepted
 * receives nothing until it is again. On a database of its own: it changes every owned endpoint.
 */
const own = useOwnDatabase('api_endpoint_grants_test');

async function owned(ownerClientId: string, practiceRefs: string[] | null) {
  return insertOwnedEndpoint(own.current.db, {
    ownerClientId,
    url: `https://pms.example/${ownerClientId}`,
    sealedSecret: 'whsec_unused',
    eventTypes: null,
    practiceRefs,
  });
}

const endpointsNow = () =>
  own.current.db
    .select({
      owner: webhookEndpoints.ownerClientId,
      practices: webhookEndpoints.practiceRefs,
      active: webhookEndpoints.active,
    })
    .from(webhookEndpoints)
    .orderBy(asc(webhookEndpoints.id));

describe('fitting the registered endpoints to the grants at start-up', () => {
  it('narrows a narrowed grant’s endpoints, stops a client no longer accepted’s, and leaves the rest', async () => {
    const { db } = own.current;
    await owned('pms-north', null);
    await owned('pms-north', ['PRAC-1', 'PRAC-2']);
    await owned('pms-north', ['PRAC-2']);
    await owned('pms-group', null);
    await owned('pms-gone', ['PRAC-1']);
    await addEndpoint(db, { name: 'operators', url: 'https://pms.example/operator', secret: 'whsec_unused' });

    const grants = {
      clientIds: ['pms-group'],
      grants: [{ clientId: 'pms-north', practices: ['PRAC-1'], kinds: [] }],
    };
    expect(await fitEndpointsToGrants(db, grants)).toBe(4);
    expect(await endpointsNow()).toEqual([
      { owner: 'pms-north', practices: ['PRAC-1'], active: true },
      { owner: 'pms-north', practices: ['PRAC-1'], active: true },
      // Nothing of its filter is served any more: it receives nothing.
      { owner: 'pms-north', practices: [], active: true },
      { owner: 'pms-group', practices: null, active: true },
      { owner: 'pms-gone', practices: ['PRAC-1'], active: false },
      { owner: null, practices: null, active: true },
    ]);
    // The same config again changes nothing; the client accepted again receives again.
    expect(await fitEndpointsToGrants(db, grants)).toBe(0);
    const back = {
      ...grants,
      grants: [...grants.grants, { clientId: 'pms-gone', practices: 'all' as const, kinds: [] }],
    };
    expect(await fitEndpointsToGrants(db, back)).toBe(1);
    expect((await endpointsNow())[4]).toEqual({ owner: 'pms-gone', practices: ['PRAC-1'], active: true });
  });
});
