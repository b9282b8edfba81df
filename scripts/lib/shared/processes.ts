import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { once } from 'node:events';
import { appendTestLog } from '@vet/contracts/testing/test-logs';

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

export interface SpawnOptions {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /**
   * Where the process's output goes: inherited (a person watches), collected for a failure report, or
   * appended to a file (a benchmark's server: a pipe to the busy load generator would hold its writes up).
   */
  output: 'inherit' | 'collect' | { file: string };
  /** With output 'collect': also append it to the test run's log of this name (decision 0028). */
  testLogName?: string;
}

/** Starts a child process that stops with SIGTERM, then SIGKILL if it has not gone after 10 s. */
export function spawnManaged(options: SpawnOptions): ManagedProcess & { output: () => string } {
  const logFd = typeof options.output === 'object' ? openSync(options.output.file, 'a') : undefined;
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio:
      logFd !== undefined
        ? ['ignore', logFd, logFd]
        : options.output === 'inherit'
          ? ['ignore', 'inherit', 'inherit']
          : ['ignore', 'pipe', 'pipe'],
  });
  if (logFd !== undefined) closeSync(logFd);
  let collected = '';
  const collect = (chunk: Buffer) => {
    collected = (collected + chunk.toString()).slice(-20_000);
    if (options.testLogName) appendTestLog(options.testLogName, chunk.toString());
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return { name: options.name, child, stop, output: () => collected };
}

/** Polls a URL until it answers 2xx or 3xx; fails early if the process behind it exits. */
export async function waitForHttp(url: string, process: ManagedProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null) {
      throw new Error(`${process.name} exited with code ${process.child.exitCode} before it was ready`);
    }
    try {
      const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(2_000) });
      if (response.status < 400) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${process.name} did not answer at ${url} within ${timeoutMs / 1000} s`);
}
