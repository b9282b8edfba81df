import {
  addEndpoint,
  listEndpoints,
  removeEndpoint,
  resealEndpointSecrets,
} from '../endpoints-repository.ts';
import { practiceEventTypes } from '@vet/contracts/practice-events';
import { endpointSecretBinding, sealSecret } from '../secret-box.ts';
import { refuseHostAndAddresses } from '../endpoint-address.ts';
import { newEndpointSecret, refuseEndpointUrl } from '../webhook-delivery.ts';
import { eventsCommand } from './command.ts';
import { formatTable } from './table.ts';

/** `npm run events -- endpoints add|list|remove`: the practice systems' webhook endpoints. */

const endpointName = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** Read by the API, the workers and this command alike (docs/configuration.md). */
const allowedHostsVariable = 'WEBHOOK_ALLOWED_PRIVATE_HOSTS';
const nameRule = 'a name is 1 to 64 letters, digits, dots, dashes or underscores';

/** A flag's comma lists (it may be given more than once), without blanks or repeats; null when left out. */
const listOf = (given: string[] | undefined) =>
  given
    ? [...new Set(given.flatMap((value) => value.split(',')).map((item) => item.trim()))].filter(Boolean)
    : null;

/**
 * The filters of `endpoints add` (decision 0105): `--practices PRAC-0001,PRAC-0002` (practice-system
 * references) and `--types appointment.booked,…`; either left out means every one.
 */
function filtersOf(given: {
  practices?: string[] | undefined;
  types?: string[] | undefined;
}): { practiceRefs: string[] | null; eventTypes: string[] | null } | { problem: string } {
  const [practiceRefs, eventTypes] = [listOf(given.practices), listOf(given.types)];
  if (practiceRefs?.length === 0 || eventTypes?.length === 0)
    return { problem: '--practices <refs> and --types <types> take a value' };
  const unknown = (eventTypes ?? []).filter(
    (type) => !(practiceEventTypes as readonly string[]).includes(type),
  );
  if (unknown.length > 0) return { problem: `unknown event type ${unknown.join(', ')}` };
  return { practiceRefs, eventTypes };
}

export const endpointsAddCommand = eventsCommand({
  name: 'endpoints add',
  usage: '<name> <url> [--practices <ref,…>] [--types <type,…>]',
  summary:
    'add a webhook endpoint (https in production, a public host), of some practices or event types only if given; prints its signing secret, once',
  options: { practices: { type: 'string', multiple: true }, types: { type: 'string', multiple: true } },
  positionals: { count: 2, refusal: 'Give the endpoint a name and its URL: endpoints add <name> <url>' },
  async run({ values, positionals }, { db, out, secretKeys, endpointUrlRule: rule }) {
    const [name, url] = positionals as [string, string];
    const filters = filtersOf(values);
    if ('problem' in filters) {
      out(`Not added: ${filters.problem}.`);
      return 1;
    }
    if (!endpointName.test(name)) {
      out(`Not added: ${nameRule}.`);
      return 1;
    }
    const refused = refuseEndpointUrl(url, rule);
    if (refused?.reason === 'https_required') {
      out(`Not added: ${refused.message}${rule.note ? ` (${rule.note})` : ''}.`);
      return 1;
    }
    // Its host, and the addresses its name resolves to now (decision 0137); each delivery checks again.
    const inward = refused?.message ?? (await refuseHostAndAddresses(new URL(url).hostname, rule));
    if (inward) {
      out(`Not added: ${inward}.`);
      if (refused?.reason !== 'invalid_url')
        out(`A receiver on a private network is allowed by naming its host in ${allowedHostsVariable}.`);
      return 1;
    }
    if ('problem' in secretKeys) {
      out(`Not added: ${secretKeys.problem}.`);
      return 2;
    }
    const secret = newEndpointSecret();
    // Stored sealed: a reader of the database cannot sign a webhook with it (secret-box.ts).
    const sealed = (id: number) => sealSecret(secretKeys, secret, endpointSecretBinding(id));
    if (!(await addEndpoint(db, { name, url, secret: sealed, ...filters }))) {
      out(`Not added: an endpoint named ${name} exists already.`);
      return 1;
    }
    const practices = filters.practiceRefs ? `of ${filters.practiceRefs.join(', ')}` : 'of every practice';
    const types = filters.eventTypes ? `of the types ${filters.eventTypes.join(', ')}` : 'of every type';
    out(`Added the endpoint ${name}: it receives the events ${practices}, ${types}, from now on.`);
    out('Its signing secret, shown this once (the practice system verifies each webhook with it):');
    out(secret);
    return 0;
  },
});

export const endpointsListCommand = eventsCommand({
  name: 'endpoints list',
  usage: '',
  summary: 'list the endpoints, with their deliveries waiting and parked',
  async run(_given, { db, out }) {
    const endpoints = await listEndpoints(db);
    if (endpoints.length === 0) {
      out('No endpoints. Add one with: endpoints add <name> <url>');
      return 0;
    }
    const rows = endpoints.map((endpoint) => [
      endpoint.name,
      // Disabled after only failures (decision 0139): `redrive --endpoint <name>` enables it again.
      endpoint.disabledAt
        ? `disabled ${endpoint.disabledAt.toISOString().slice(0, 10)}`
        : endpoint.active
          ? 'yes'
          : 'no',
      String(endpoint.waiting),
      String(endpoint.parked),
      endpoint.url,
    ]);
    formatTable(['name', 'active', 'waiting', 'parked', 'url'], rows).forEach((line) => out(line));
    return 0;
  },
});

export const endpointsRemoveCommand = eventsCommand({
  name: 'endpoints remove',
  usage: '<name>',
  summary: 'remove an endpoint and its deliveries (waiting, parked and delivered)',
  positionals: { count: 1, refusal: 'Give the name of the endpoint to remove: endpoints remove <name>' },
  async run({ positionals: [name] }, { db, out }) {
    if (!(await removeEndpoint(db, name!))) {
      out(`No endpoint is named ${name}.`);
      return 1;
    }
    out(`Removed the endpoint ${name}: nothing more is sent to it.`);
    return 0;
  },
});

export const endpointsResealCommand = eventsCommand({
  name: 'endpoints reseal',
  usage: '',
  summary: 'seal every endpoint secret under the first key of WEBHOOK_SECRET_KEYS (after adding a key)',
  async run(_given, { db, out, secretKeys }) {
    if ('problem' in secretKeys) {
      out(`Not resealed: ${secretKeys.problem}.`);
      return 2;
    }
    const { resealed, unopened } = await resealEndpointSecrets(db, secretKeys);
    out(
      `Resealed ${resealed} endpoint secret${resealed === 1 ? '' : 's'} under the key ${secretKeys.current.id}.`,
    );
    if (unopened.length === 0) return 0;
    out(`Not opened (their key is not in WEBHOOK_SECRET_KEYS): ${unopened.join(', ')}.`);
    return 1;
  },
});
