import { recordTestSecret } from '@vet/contracts/testing/test-logs';
import pg from 'pg';

/**
 * Before the e2e database goes: every token and session id its sessions still hold (the web's stored
 * tokens, the identity provider's sessions, grants and opaque tokens), recorded for the run's log check
 * (decision 0028). Outside `npm test` it records nothing.
 */
export async function recordSessionSecrets(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const web = await client.query<{
      access_token: string;
      refresh_token: string | null;
      id_token: string | null;
    }>('select access_token, refresh_token, id_token from web_sessions');
    for (const row of web.rows) {
      for (const token of [row.access_token, row.refresh_token, row.id_token]) {
        if (token) recordTestSecret('token', token);
      }
    }
    const idp = await client.query<{ model: string; id: string }>('select model, id from idp_models');
    for (const row of idp.rows) recordTestSecret(row.model === 'Session' ? 'session id' : 'token', row.id);
  } finally {
    await client.end();
  }
}
