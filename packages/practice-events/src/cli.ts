/**
 * `npm run events -- <command> [arguments]`: the operator's commands for practice events (decision 0067):
 * webhook endpoints, parked deliveries and their re-drive. Exit status 0: done; 1: the input was refused;
 * 2: it could not run (no or an unknown command, no DATABASE_URL, the database failing).
 */
import { endpointUrlRule, eventsDatabaseUrl, eventsSecretKeys } from './config.ts';
import { runEventsCli } from './run-cli.ts';

process.exitCode = await runEventsCli(process.argv.slice(2), {
  databaseUrl: eventsDatabaseUrl(),
  secretKeys: eventsSecretKeys(),
  endpointUrlRule: endpointUrlRule(),
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
