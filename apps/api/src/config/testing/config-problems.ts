import { ConfigError, loadConfig } from '../api-config.ts';

/** What the config says is wrong with an environment it refuses; a test fails if it accepts it. */
export function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('loadConfig accepted a bad environment');
}
