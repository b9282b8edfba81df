/**
 * Runs once when the server starts: a bad environment stops it here rather than on the first request, and
 * so does a production session store connected as a PostgreSQL superuser (decision 0092).
 * The Node.js server then ends idle sessions every minute, revoking their refresh tokens (decision 0058).
 */
export async function register(): Promise<void> {
  const { checkServerConfigAtStartup } = await import('./config/startup');
  checkServerConfigAtStartup();
  // eslint-disable-next-line no-restricted-properties -- Next.js's runtime check, inlined when it bundles
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { checkSessionDatabaseRole } = await import('./shared/auth-session/server/session-database');
    await checkSessionDatabaseRole();
    const { startSessionSweep } = await import('./shared/auth-session/server/session-sweep');
    startSessionSweep();
  }
}
