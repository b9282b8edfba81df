/**
 * Start-up smoke test: runs `npm start` as a newcomer would (embedded database unless DATABASE_URL is
 * set), waits for the portal to say it is ready, loads the practice list through the BFF, finds the
 * stand-in of Stripe's hosted page, then sends Ctrl-C (SIGINT) and checks that everything stopped and no port is left open.
 */
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { repoRoot } from './lib/shared/paths.ts';

const ports = { web: 3200, api: 4020, idp: 4120, pg: 54339, stripe: 4220 };
const started = Date.now();
const child = spawn('npm', ['start'], {
  cwd: repoRoot,
  env: {
    ...process.env,
    PORT: String(ports.web),
    API_PORT: String(ports.api),
    IDP_PORT: String(ports.idp),
    EMBEDDED_PG_PORT: String(ports.pg),
    STRIPE_STAND_IN_PORT: String(ports.stripe),
    PAYMENTS: '',
    DATABASE_URL: process.env.SMOKE_DATABASE_URL ?? '',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
let output = '';
const ready = new Promise<void>((resolve, reject) => {
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    process.stdout.write(chunk);
    if (output.includes('Press Ctrl-C to stop.')) resolve();
  });
  child.on('exit', (code) => reject(new Error(`npm start exited early with ${code}`)));
  setTimeout(() => reject(new Error('npm start was not ready within 5 minutes')), 300_000).unref();
});

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

let failed = false;
try {
  await ready;
  const readyAfter = Date.now() - started;
  const page = await fetch(`http://localhost:${ports.web}/practices`);
  if (!page.ok) throw new Error(`/practices answered ${page.status}`);
  const practices = (await (
    await fetch(`http://localhost:${ports.web}/bff/online-practices`)
  ).json()) as unknown[];
  if (!Array.isArray(practices) || practices.length < 8) throw new Error('the practice list is not served');
  // Bills are paid on the stand-in of Stripe's hosted page (decision 0157): it answers as Stripe's page would.
  const checkout = await fetch(`http://localhost:${ports.stripe}/checkout/cs_test_none`);
  if (checkout.status !== 404) throw new Error(`the Stripe stand-in answered ${checkout.status}`);
  console.log(`smoke: ready after ${(readyAfter / 1000).toFixed(1)} s; ${practices.length} practices served`);
} catch (error) {
  console.error(`smoke: ${(error as Error).message}`);
  failed = true;
}

// Ctrl-C in a terminal signals the whole foreground process group.
process.kill(-child.pid!, 'SIGINT');
const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
await new Promise((resolve) => setTimeout(resolve, 1_000));
const stillOpen = [];
for (const [name, port] of Object.entries(ports)) if (await portOpen(port)) stillOpen.push(`${name}:${port}`);
if (stillOpen.length > 0) {
  console.error(`smoke: still listening after Ctrl-C: ${stillOpen.join(', ')}`);
  failed = true;
}
console.log(`smoke: npm start exited with ${exitCode} after Ctrl-C`);
process.exit(failed ? 1 : 0);
