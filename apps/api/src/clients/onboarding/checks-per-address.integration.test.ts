import { createPractice } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/test-app.ts';

const database = useTestDatabase();

describe('ONBOARDING_CHECKS_PER_ADDRESS', () => {
  it('sets how many checks one address may make in 10 minutes', async () => {
    const app = await buildTestApp(database, { env: { ONBOARDING_CHECKS_PER_ADDRESS: '3' } });
    try {
      const practice = await createPractice(database.db, { phone: '01632 960998' });
      const check = () =>
        app.inject({
          url: '/pre-signup/check',
          query: {
            // A name and e-mail of its own each time: only the per-address limit applies.
            LastName: `Shared-${crypto.randomUUID().replace(/[^a-f]/g, '')}`,
            Postcode: 'SW4 0LN',
            Email: `shared.${crypto.randomUUID()}@example.net`,
            PracticeId: String(practice.id),
          },
          remoteAddress: '192.0.2.77',
        });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await check()).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await app.close();
    }
  });
});
