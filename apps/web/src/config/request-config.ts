import { connection } from 'next/server';
import { getServerConfig, type ServerConfig } from './server';

/**
 * The server configuration for rendering. Waiting for a request keeps pages from baking build-time
 * values into prerendered HTML, so one build runs with any environment.
 */
export async function getRequestServerConfig(): Promise<ServerConfig> {
  await connection();
  return getServerConfig();
}
