import { createCancellationReason } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { DEV_VERIFICATION_CODE_PEPPER } from '../../config/api-config.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { manageLinkKey, manageLinkToken } from './manage-link-token.ts';

const database = useTestDatabase();
const key = manageLinkKey(DEV_VERIFICATION_CODE_PEPPER);

describe('a manage link in the API’s log lines (decision 0084)', () => {
  let app: App;
  const logLines: string[] = [];

  beforeAll(async () => {
    app = await buildTestApp(database, {
      env: { LOG_LEVEL: 'debug' },
      logger: { write: (line) => void logLines.push(line) },
    });
  });
  afterAll(() => app.close());

  it('never appears, whether the call is answered, refused or malformed', async () => {
    const reason = await createCancellationReason(database.db);
    const token = manageLinkToken(key, 1_999_999_999, 0);
    const mac = token.split('.')[1]!;
    const calls = [
      ['appointment', { token }],
      ['attendance', { token }],
      ['cancellation', { token, reasonId: reason.id }],
      ['cancellation', { token, reasonId: 'not a number' }],
      ['appointment', { token: `${token}${'x'.repeat(100)}` }],
    ] as const;
    for (const [path, payload] of calls) {
      const response = await app.inject({ method: 'POST', url: `/manage-link/${path}`, payload });
      expect([400, 404]).toContain(response.statusCode);
    }
    const logged = logLines.join('\n');
    // The calls were logged (their route templates), and no line holds the token or its MAC.
    expect(logged).toContain('/manage-link/cancellation');
    expect(logged).not.toContain(mac);
  });
});
