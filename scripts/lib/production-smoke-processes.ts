import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import type { ProductionEnvironment } from './production-smoke-env.ts';
import { smokePorts } from './production-smoke-env.ts';
import { spawnManaged, waitForHttp, type ManagedProcess } from './processes.ts';

export type Started = ManagedProcess & { output: () => string };

/** Runs one of scripts/production/*.sh to its end (a minute at most): its exit code and output. */
export async function runToExit(
  runtime: string,
  script: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  const child = spawn('sh', [`scripts/production/${script}`], {
    cwd: runtime,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, output };
}

/**
 * Starts the three processes from their start scripts, adding each to `started` (which the caller stops,
 * whatever happens), and waits until each answers.
 */
export async function startProduction(
  runtime: string,
  env: ProductionEnvironment,
  started: Started[],
): Promise<void> {
  const start = (name: string, script: string, processEnv: NodeJS.ProcessEnv) =>
    spawnManaged({
      name,
      command: 'sh',
      // Each script ends in `exec node …`: the signal reaches the server itself.
      args: [`scripts/production/${script}`],
      cwd: runtime,
      env: processEnv,
      output: 'collect',
    });
  const processes = [
    start('API', 'start-api.sh', env.api),
    start('identity provider', 'start-idp.sh', env.idp),
    start('web', 'start-web.sh', env.web),
  ];
  started.push(...processes);
  const [api, idp, web] = processes as [Started, Started, Started];
  await Promise.all([
    waitForHttp(`http://127.0.0.1:${smokePorts.api}/readyz`, api),
    waitForHttp(`http://127.0.0.1:${smokePorts.idp}/healthz`, idp),
    waitForHttp(`http://127.0.0.1:${smokePorts.web}/api/config`, web),
  ]);
}

/** SIGTERM to each (SIGKILL after 10 s): how each one ended, `exit 0` or the signal that ended it. */
export async function stopAll(processes: Started[]): Promise<{ name: string; ended: string }[]> {
  await Promise.all(processes.map((process) => process.stop()));
  return processes.map(({ name, child }) => ({
    name,
    ended: child.signalCode ? `by ${child.signalCode}` : `exit ${child.exitCode}`,
  }));
}

/**
 * The web's drain, seen from two connections whose requests are begun before SIGTERM and finished after
 * the drain has begun (the server's own line says when): /readyz answers 503 and a page still answers
 * 200, each closing its connection; a new connection is refused; the process exits 0.
 */
export async function checkWebDrain(web: Started, port: number): Promise<string> {
  const begin = async (firstLines: string) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const closed = once(socket, 'close');
    await once(socket, 'connect');
    socket.write(firstLines);
    const finish = async () => {
      socket.write('\r\n');
      await closed;
      return received;
    };
    return { finish };
  };
  const probe = await begin('GET /readyz HTTP/1.1\r\nHost: portal\r\n');
  const page = await begin('GET /api/config HTTP/1.1\r\nHost: portal\r\n');
  web.child.kill('SIGTERM');
  const deadline = Date.now() + 10_000;
  while (!web.output().includes('SIGTERM: draining') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!web.output().includes('SIGTERM: draining'))
    throw new Error('the web did not begin to drain on SIGTERM');
  const refused = await fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => false,
    () => true,
  );
  const [probeAnswer, pageAnswer] = await Promise.all([probe.finish(), page.finish()]);
  const [exitCode] = (await once(web.child, 'exit')) as [number | null];
  const closes = (answer: string) => /\r\nconnection: close\r\n/i.test(answer);
  if (!probeAnswer.startsWith('HTTP/1.1 503 ') || !closes(probeAnswer))
    throw new Error(`the web's /readyz while draining: ${probeAnswer.slice(0, 200)}`);
  if (!pageAnswer.startsWith('HTTP/1.1 200 ') || !closes(pageAnswer))
    throw new Error(`the web's page begun before the drain: ${pageAnswer.slice(0, 200)}`);
  if (!refused) throw new Error('the draining web accepted a new connection');
  if (exitCode !== 0) throw new Error(`the web exited ${exitCode} after its drain`);
  return 'web drain: /readyz 503, the page in flight 200, new connections refused, exit 0';
}
