import { findLocalDatabase } from '@vet/db/local-database';
import type { OperatorSettings, OperatorTarget } from './operator-command.ts';

/**
 * Which database, and whether production's rules apply (decision 0097). DATABASE_URL names the database;
 * without it the command is local: it uses npm start's embedded database of the checkout it belongs to,
 * if that runs. An unset NODE_ENV is production with DATABASE_URL (decision 0068: fail closed) and
 * development with npm start's database, which only a local run has; a NODE_ENV that is set wins.
 */
export async function findTarget(
  settings: Pick<OperatorSettings, 'databaseUrl' | 'nodeEnv'>,
  checkout: string | undefined,
): Promise<(OperatorTarget & { port?: number }) | { problem: string }> {
  if (settings.databaseUrl)
    return { databaseUrl: settings.databaseUrl, local: false, ...modeOf(settings.nodeEnv, false) };
  if (!checkout) return { problem: 'DATABASE_URL is not set: it names the portal’s database.' };
  const found = await findLocalDatabase(checkout);
  if (!found.found) return { problem: `${found.message}.` };
  return { databaseUrl: found.url, local: true, port: found.port, ...modeOf(settings.nodeEnv, true) };
}

export function modeOf(
  nodeEnv: OperatorSettings['nodeEnv'],
  local: boolean,
): { production: boolean; productionNote?: string } {
  if (nodeEnv) return { production: nodeEnv === 'production' };
  if (local) return { production: false };
  return {
    production: true,
    productionNote:
      'NODE_ENV is unset, which means production with DATABASE_URL; a local run leaves DATABASE_URL unset, ' +
      'for npm start’s database, or sets NODE_ENV=development',
  };
}
