import { connectDatabase } from '@vet/db/connection';
import { createConnectorAdmin } from '../practice-system/index.ts';
import { operatorCommand, type OperatorCommand, type OperatorContext } from './operator-command.ts';

type Admin = ReturnType<typeof createConnectorAdmin>;

/** Runs `body` with the connectors' admin on the target database; 2 when there is none. */
async function withAdmin(context: OperatorContext, body: (admin: Admin) => Promise<number>): Promise<number> {
  const target = await context.target();
  if (!target) return 2;
  const handle = connectDatabase(target.databaseUrl, { max: 1 });
  try {
    return await body(createConnectorAdmin(handle.db));
  } finally {
    await handle.close();
  }
}

const when = (date: Date | null) => (date ? date.toISOString() : 'never');

/** The one positional of the commands on a connector. */
const oneConnector = { count: 1, refusal: 'Name one connector.' };

const listCommand = operatorCommand({
  name: 'connectors list',
  usage: '',
  summary: 'the connectors to practice systems: paused or not, each kind read when, refused records counted',
  run: (_given, context) =>
    withAdmin(context, async (admin) => {
      const connectors = await admin.list();
      if (connectors.length === 0) context.out('connectors: none has started (PRACTICE_CONNECTORS)');
      for (const c of connectors) {
        const state = c.paused ? 'paused' : c.reading ? 'running' : 'not running (no instance holds it)';
        const lag = c.lagSeconds === null ? '' : ` (lag ${c.lagSeconds} s)`;
        // A connector failing pass after pass says so first, with its cause's code (decision 0130).
        const failing =
          c.failedPasses > 0
            ? `; FAILING: ${c.failedPasses} pass(es) in a row, last ${when(c.lastFailureAt)} (${c.lastFailure ?? 'unknown'})`
            : '';
        context.out(
          `${c.name}: ${state}${failing}; last good pass ${when(c.lastGoodPassAt)}${lag}; refused ${c.refusedReads} read, ${c.refusedWrites} written`,
        );
        // A refused desk booking is a time the portal may offer online: said apart, with where to look.
        if (c.refusedDeskBookings > 0)
          context.out(
            `  DESK BOOKINGS REFUSED: ${c.refusedDeskBookings}; their times may be offered online until they ` +
              `apply (connectors refused ${c.name})`,
          );
        for (const k of c.kinds)
          context.out(
            `  ${k.kind}: read ${when(k.readAt)}${k.lastError ? `; last error ${k.lastError}` : ''}`,
          );
      }
      return 0;
    }),
});

/** `connectors pause <name>` and `connectors resume <name>`. */
const pausing = (paused: boolean) =>
  operatorCommand({
    name: paused ? 'connectors pause' : 'connectors resume',
    usage: '<name>',
    summary: paused
      ? 'stop reading and writing a practice system (writes wait, then go in order once resumed)'
      : 'read and write a paused practice system again, from where it stopped',
    positionals: oneConnector,
    run: ({ positionals: [name] }, context) =>
      withAdmin(context, async (admin) => {
        if (!(await admin.setPaused(name!, paused))) {
          context.err(`connectors: no connector is called ${name} (it starts with the API)`);
          return 1;
        }
        context.out(`${name}: ${paused ? 'paused' : 'resumed'}`);
        return 0;
      }),
  });

const resyncCommand = operatorCommand({
  name: 'connectors resync',
  usage: '<name> [--kind <kind>]',
  summary: 'read a practice system again from the beginning (all kinds, or one): what differs is applied',
  options: { kind: { type: 'string' } },
  positionals: oneConnector,
  run: ({ values, positionals: [name] }, context) =>
    withAdmin(context, async (admin) => {
      const kinds = await admin.resync(name!, values.kind);
      context.out(`${name}: ${kinds} kind(s) to read from the beginning at the next pass`);
      return 0;
    }),
});

const refusalsCommand = operatorCommand({
  name: 'connectors refused',
  usage: '<name>',
  summary: 'the records a connector read or wrote that were refused: kind, reference, field and reason',
  positionals: oneConnector,
  run: ({ positionals: [name] }, context) =>
    withAdmin(context, async (admin) => {
      const refusals = await admin.refusals(name!);
      for (const r of refusals)
        for (const reason of r.reasons)
          context.out(`${r.direction} ${r.kind} ${r.ref}: ${reason.path}: ${reason.message}`);
      context.out(`${name}: ${refusals.length} refused record(s)`);
      return 0;
    }),
});

/** The operator's connector commands (decision 0106). */
export const connectorsOperatorCommands: readonly OperatorCommand[] = [
  listCommand,
  pausing(true),
  pausing(false),
  resyncCommand,
  refusalsCommand,
];
