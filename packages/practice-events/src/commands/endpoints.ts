import {
  addEndpoint,
  listEndpoints,
  removeEndpoint,
  resealEndpointSecrets,
} from '../endpoints-repository.ts';
import { sealSecret } from '../secret-box.ts';
import { checkEndpointUrl, newEndpointSecret } from '../webhook-delivery.ts';
import type { EventsCommand } from './command.ts';
import { formatTable } from './table.ts';

/** `npm run events -- endpoints add|list|remove`: the practice systems' webhook endpoints. */

const endpointName = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const nameRule = 'a name is 1 to 64 letters, digits, dots, dashes or underscores';

export const endpointsAddCommand: EventsCommand = {
  name: 'endpoints add',
  usage: '<name> <url>',
  summary: 'add a webhook endpoint (https in production); prints its signing secret, once',
  async run(args, { db, out, secretKeys, endpointUrlRule: rule }) {
    const [name, url, ...extra] = args;
    if (name === undefined || url === undefined || extra.length > 0) {
      out('Give the endpoint a name and its URL: endpoints add <name> <url>');
      return 1;
    }
    if (!endpointName.test(name)) {
      out(`Not added: ${nameRule}.`);
      return 1;
    }
    const refused = checkEndpointUrl(url, rule);
    if (refused) {
      out(`Not added: ${refused}${rule.note ? ` (${rule.note})` : ''}.`);
      return 1;
    }
    if ('problem' in secretKeys) {
      out(`Not added: ${secretKeys.problem}.`);
      return 2;
    }
    const secret = newEndpointSecret();
    // Stored sealed: a reader of the database cannot sign a webhook with it (secret-box.ts).
    if (!(await addEndpoint(db, { name, url, secret: sealSecret(secretKeys, secret) }))) {
      out(`Not added: an endpoint named ${name} exists already.`);
      return 1;
    }
    out(`Added the endpoint ${name}: it receives every event from now on.`);
    out('Its signing secret, shown this once (the practice system verifies each webhook with it):');
    out(secret);
    return 0;
  },
};

export const endpointsListCommand: EventsCommand = {
  name: 'endpoints list',
  usage: '',
  summary: 'list the endpoints, with their deliveries waiting and parked',
  async run(args, { db, out }) {
    if (args.length > 0) {
      out('endpoints list takes no arguments.');
      return 1;
    }
    const endpoints = await listEndpoints(db);
    if (endpoints.length === 0) {
      out('No endpoints. Add one with: endpoints add <name> <url>');
      return 0;
    }
    const rows = endpoints.map((endpoint) => [
      endpoint.name,
      endpoint.active ? 'yes' : 'no',
      String(endpoint.waiting),
      String(endpoint.parked),
      endpoint.url,
    ]);
    formatTable(['name', 'active', 'waiting', 'parked', 'url'], rows).forEach((line) => out(line));
    return 0;
  },
};

export const endpointsRemoveCommand: EventsCommand = {
  name: 'endpoints remove',
  usage: '<name>',
  summary: 'remove an endpoint and its deliveries (waiting, parked and delivered)',
  async run(args, { db, out }) {
    const [name, ...extra] = args;
    if (name === undefined || extra.length > 0) {
      out('Give the name of the endpoint to remove: endpoints remove <name>');
      return 1;
    }
    if (!(await removeEndpoint(db, name))) {
      out(`No endpoint is named ${name}.`);
      return 1;
    }
    out(`Removed the endpoint ${name}: nothing more is sent to it.`);
    return 0;
  },
};

export const endpointsResealCommand: EventsCommand = {
  name: 'endpoints reseal',
  usage: '',
  summary: 'seal every endpoint secret under the first key of WEBHOOK_SECRET_KEYS (after adding a key)',
  async run(args, { db, out, secretKeys }) {
    if (args.length > 0) {
      out('endpoints reseal takes no arguments.');
      return 1;
    }
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
};
