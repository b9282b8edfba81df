// The portal's web server (`npm start`, the tests, and production: `node dist/web/apps/web/server.mjs`,
// this file copied into Next.js's standalone output by scripts/production/build.sh; decision 0068).
//
// Next.js behind a plain node:http server, for one reason: Next keeps an X-Forwarded-For the browser
// wrote itself, so the BFF cannot tell the address a request came from. This server writes it down in
// `x-portal-peer`, overwriting whatever the request carried, together with a token made at start-up and
// known only to this process; the BFF believes the header only with that token (apps/web/src/shared/bff/
// client-address.ts), so under plain `next start` or `next dev` it believes nothing. Decision 0025.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));

/* eslint-disable no-restricted-properties -- the process's entry point: it sets up the environment that
   the app's config module (src/config/server.ts) then reads. */
const env = process.env;
env.NODE_ENV ??= 'production';
const peerToken = randomBytes(18).toString('base64url');
env.PORTAL_PEER_TOKEN = peerToken;
const port = Number(env.PORT ?? 3000);
// The configuration the build serialised, as Next.js's own standalone server.js passes it: next.config.ts
// is not in the standalone output (nor TypeScript in a production install), and read here it is the same
// in every place this server runs.
env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(
  JSON.parse(readFileSync(`${dir}.next/required-server-files.json`, 'utf8')).config,
);
/* eslint-enable no-restricted-properties */

const { default: next } = await import('next');
const app = next({ dev: false, dir, port });
const handle = app.getRequestHandler();
await app.prepare();

createServer((request, response) => {
  request.headers['x-portal-peer'] = `${peerToken} ${request.socket.remoteAddress ?? ''}`;
  void handle(request, response);
}).listen(port, () => {
  console.log(`> Ready on http://localhost:${port}`);
});
