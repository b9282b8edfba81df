import { secretKeysFor } from '@vet/practice-events/config';
import { eventsCommands, runEventsCli } from '@vet/practice-events/run-cli';
import type { OperatorCommand } from './operator-command.ts';

/**
 * The practice events' commands (decision 0067): webhook endpoints, parked deliveries, their re-drive and
 * the records the practice has not acknowledged, each run by the events package's own runner, with the
 * database and the rules this command found: WEBHOOK_SECRET_KEYS' development key and http:// endpoints
 * only outside production; a public host everywhere, unless WEBHOOK_ALLOWED_PRIVATE_HOSTS names it.
 */
export const eventsOperatorCommands: OperatorCommand[] = eventsCommands.map((command) => ({
  name: command.name,
  usage: command.usage,
  summary: command.summary,
  async run(args, context) {
    const target = await context.target();
    if (!target) return 2;
    const { production, productionNote } = target;
    return runEventsCli(
      [...command.name.split(' '), ...args],
      {
        databaseUrl: target.databaseUrl,
        secretKeys: secretKeysFor(context.settings.webhookSecretKeys, { production }),
        endpointUrlRule: {
          requireHttps: production,
          ...(productionNote ? { note: productionNote } : {}),
          // The API's rule for endpoints' hosts, in every environment (decision 0137).
          allowedPrivateHosts: context.settings.webhookAllowedPrivateHosts,
        },
        out: context.out,
        err: context.err,
      },
      [command],
    );
  },
}));
