import { getServerConfig, InvalidServerConfigError } from './server';

/**
 * Called once at server start (instrumentation.ts). Next.js would log a failed start-up hook and keep
 * serving 500s; a bad environment should instead stop the process, listing every bad variable, so the
 * supervisor (systemd, Kubernetes, CI) sees the failure at once.
 */
export function checkServerConfigAtStartup(): void {
  try {
    getServerConfig();
  } catch (error) {
    if (error instanceof InvalidServerConfigError && process.env.NEXT_RUNTIME === 'nodejs') {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
