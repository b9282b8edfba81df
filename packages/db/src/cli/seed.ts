import { connectDatabase } from '../connection.ts';
import { runMigrations } from '../migrate.ts';
import { DEMO_ACCOUNTS } from '../seed/demo-accounts.ts';
import { seedDemoData } from '../seed/seed-demo-data.ts';

/**
 * `npm run db:seed`: brings the schema up to date and fills it with the demo group, once.
 * DATABASE_URL names the database; EMBEDDED_ISSUER the embedded identity provider the demo accounts
 * belong to (default: the local one).
 */
// A one-shot command with two settings of its own, so it reads them here rather than through an app config.
const { DATABASE_URL: databaseUrl, EMBEDDED_ISSUER: embeddedIssuer = 'http://localhost:4100' } = process.env;

if (!databaseUrl) {
  console.error('DATABASE_URL is not set. Example: DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal');
  process.exit(1);
}

const { db, pool, close } = connectDatabase(databaseUrl, { max: 2 });
try {
  await runMigrations(pool);
  const { seeded } = await seedDemoData(db, { embeddedIssuer });
  if (seeded) {
    console.log(`Seeded the demo data (identities under ${embeddedIssuer}). Demo sign-ins:`);
    for (const account of DEMO_ACCOUNTS) {
      console.log(`  ${account.email} / ${account.password}: ${account.description}`);
    }
  } else {
    console.log('The demo data is already present; nothing to do.');
  }
} finally {
  await close();
}
