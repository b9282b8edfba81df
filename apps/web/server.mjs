// The portal's web server (`npm start`, the tests, and production: `node apps/web/server.mjs`).
//
// Next.js behind a plain node:http server, for one reason: Next keeps an X-Forwarded-For the browser
// wrote itself, so the BFF cannot tell the address a request came from. This server writes it down in
// `x-portal-peer`, overwriting whatever the request carried, together with a token made at start-up and
// known only to this process; the BFF believes the header only with that token (apps/web/src/shared/bff/
// client-address.ts), so under plain `next start` or `next dev` it believes nothing. Decision 0025.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

/* eslint-disable no-restricted-properties -- the process's entry point: it sets up the environment that
   the app's config module (src/config/server.ts) then reads. */
const env = process.env;
env.NODE_ENV ??= 'production';
const peerToken = randomBytes(18).toString('base64url');
env.PORTAL_PEER_TOKEN = peerToken;
const port = Number(env.PORT ?? 3000);
/* eslint-enable no-restricted-properties */

const { default: next } = await import('next');
const app = next({ dev: false, dir: fileURLToPath(new URL('.', import.meta.url)), port });
const handle = app.getRequestHandler();
await app.prepare();

createServer((request, response) => {
  request.headers['x-portal-peer'] = `${peerToken} ${request.socket.remoteAddress ?? ''}`;
  void handle(request, response);
}).listen(port, () => {
  console.log(`> Ready on http://localhost:${port}`);
});
