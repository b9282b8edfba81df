import { spawn } from 'node:child_process';
import { once } from 'node:events';
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
