/** Runs once when the server starts: a bad environment stops it here rather than on the first request. */
export async function register(): Promise<void> {
  const { checkServerConfigAtStartup } = await import('./config/startup');
  checkServerConfigAtStartup();
}
