import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import type { ProductionEnvironment } from './production-smoke-env.ts';
import { smokePorts } from './production-smoke-env.ts';
import { spawnManaged, waitForHttp, type ManagedProcess } from '../shared/processes.ts';

export type Started = ManagedProcess & { output: () => string };

/** Runs one of scripts/production/*.sh to its end (a minute at most): its exit code and output. */
export async function runToExit(
  runtime: string,
  script: string,
  env: NodeJS.ProcessEnv,
  args: readonly string[] = [],
): Promise<{ code: number | null; output: string }> {
  const child = spawn('sh', [`scripts/production/${script}`, ...args], {
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
 * The web's drain: a kept-alive connection idle at SIGTERM is closed, a new connection is refused once the
 * server says it is draining, and the process exits 0. (Requests in flight at a drain are the
 * several-instances phase's: none fails under load.)
 */
export async function checkWebDrain(web: Started, port: number): Promise<string> {
  const exited = once(web.child, 'exit');
  const idle = connect(port, '127.0.0.1');
  let received = '';
  idle.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const idleClosed = new Promise((resolve) => idle.on('close', resolve));
  idle.on('error', () => {});
  idle.write('GET /healthz HTTP/1.1\r\nHost: portal\r\n\r\n');
  const deadline = Date.now() + 10_000;
  const until = async (done: () => boolean, what: string) => {
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`the web's drain: ${what} did not happen`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await until(() => received.includes('"ok"'), 'the kept-alive connection answered');
  web.child.kill('SIGTERM');
  await until(() => web.output().includes('SIGTERM: draining'), 'the drain began');
  const refused = await fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => false,
    () => true,
  );
  await idleClosed;
  // Listened for from the start: it may exit before this line, with nothing left to drain.
  const [exitCode] = (await exited) as [number | null];
  if (!refused) throw new Error('the draining web accepted a new connection');
  if (exitCode !== 0) throw new Error(`the web exited ${exitCode} after its drain`);
  return 'web drain: the idle kept-alive connection closed, new connections refused, exit 0';
}
