import { connectDatabase } from '@vet/db/connection';
import { runMigrations } from '@vet/db/migrate';
import { DEMO_ACCOUNTS } from '@vet/db/seed/demo-accounts';
import { loadDemoGroup } from '../load-demo-group.ts';

/**
 * `npm run db:seed`: brings the schema up to date and loads the demo group through the importer, once
 * (decision 0064). DATABASE_URL names the database; EMBEDDED_ISSUER the embedded identity provider the
 * demo accounts belong to (default: the local one).
 */
// A one-shot command with two settings of its own, so it reads them here rather than through an app config.
const { DATABASE_URL: databaseUrl, EMBEDDED_ISSUER: embeddedIssuer = 'http://localhost:4100' } = process.env;

if (!databaseUrl) {
  console.error('DATABASE_URL is not set. Example: DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal');
  process.exit(1);
}

const handle = connectDatabase(databaseUrl, { max: 1 });
try {
  await runMigrations(handle.pool);
} finally {
  await handle.close();
}
const { loaded } = await loadDemoGroup({ databaseUrl, embeddedIssuer, output: process.stdout });
if (loaded) {
  console.log(
    `Loaded the demo group through the importer (identities under ${embeddedIssuer}). Demo sign-ins:`,
  );
  for (const account of DEMO_ACCOUNTS) {
    console.log(`  ${account.email} / ${account.password}: ${account.description}`);
  }
} else {
  console.log('The demo group is already present; nothing to do.');
}
