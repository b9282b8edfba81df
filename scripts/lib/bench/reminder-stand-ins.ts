/**
 * The reminder bench's loopback SMTP server and Twilio stand-in in a child process of their own
 * (reminder-stand-ins-server.ts), so that the bench can say what a reminder costs the worker, PostgreSQL
 * and the stand-ins apart; and a tight loop that sends straight at them, for the rate they allow.
 */
import { join } from 'node:path';
import { smtpDelivery } from '@vet/email/email-delivery';
import type { OutboxEmail } from '@vet/email/outbox-repository';
import { twilioSmsDelivery } from '@vet/email/sms-delivery';
import { repoRoot } from '../shared/paths.ts';
import { processCpuSeconds } from './process-cpu.ts';
import { spawnManaged } from '../shared/processes.ts';

export const READY_PREFIX = 'READY ';

export interface StandInsAddresses {
  smtpUrl: string;
  twilioUrl: string;
  accountSid: string;
  authToken: string;
  /** GET /counts: what the stand-ins have accepted so far. */
  controlUrl: string;
}

export interface StandInsCounts {
  emails: number;
  texts: number;
  smtpConnections: number;
}

/** The addresses from the child's `READY {json}` line, once a whole one is in its output. */
export function parseReady(output: string): StandInsAddresses | undefined {
  for (const line of output.split('\n')) {
    if (!line.startsWith(READY_PREFIX)) continue;
    try {
      return JSON.parse(line.slice(READY_PREFIX.length)) as StandInsAddresses;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export interface StandInsProcess {
  addresses: StandInsAddresses;
  pid: number;
  counts: () => Promise<StandInsCounts>;
  /** CPU seconds the child has used so far (null without /proc). */
  cpuSeconds: () => number | null;
  stop: () => Promise<void>;
}

/** Starts the stand-ins' process and waits until they listen; the caller stops it. */
export async function startStandInsProcess(timeoutMs = 60_000): Promise<StandInsProcess> {
  const child = spawnManaged({
    name: 'SMTP and SMS stand-ins',
    command: process.execPath,
    args: ['--import', 'tsx', join(repoRoot, 'scripts/lib/bench/reminder-stand-ins-server.ts')],
    cwd: repoRoot,
    env: process.env,
    output: 'collect',
  });
  const deadline = Date.now() + timeoutMs;
  let addresses: StandInsAddresses | undefined;
  while (!(addresses = parseReady(child.output()))) {
    if (child.child.exitCode !== null || Date.now() > deadline) {
      await child.stop();
      throw new Error(`The stand-ins did not start:\n${child.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const control = addresses.controlUrl;
  return {
    addresses,
    pid: child.child.pid!,
    counts: async () => (await (await fetch(`${control}/counts`)).json()) as StandInsCounts,
    cpuSeconds: () => processCpuSeconds(child.child.pid),
    stop: child.stop,
  };
}

/**
 * Sends e-mails and texts straight at the stand-ins for `seconds`, as fast as they are answered: `lanes`
 * messages at once, e-mails over a pooled SMTP transport of as many connections (as the worker's) and
 * texts through the Twilio delivery, the clients the worker uses. Returns how many each took.
 */
export async function sendToStandIns(
  addresses: StandInsAddresses,
  options: {
    seconds: number;
    lanes: number;
    email: Pick<OutboxEmail, 'to' | 'subject' | 'text' | 'html' | 'attachments'>;
    sms: { to: string; body: string };
  },
): Promise<{ emails: number; texts: number; elapsedMs: number }> {
  const email = smtpDelivery({
    smtpUrl: addresses.smtpUrl,
    from: '"Bench Vets" <no-reply@bench.example>',
    pooled: options.lanes,
  });
  const sms = twilioSmsDelivery({
    accountSid: addresses.accountSid,
    authToken: addresses.authToken,
    from: 'BenchVets',
    baseUrl: addresses.twilioUrl,
  });
  let emails = 0;
  let texts = 0;
  let id = 0;
  const started = performance.now();
  const until = started + options.seconds * 1000;
  // Each lane sends an e-mail, then a text, and so on: the day's mix (every client chose both).
  const lane = async () => {
    while (performance.now() < until) {
      id += 1;
      await email.deliver({ ...options.email, id, status: 'pending', createdAt: new Date() });
      emails += 1;
      if (performance.now() >= until) break;
      id += 1;
      await sms.deliver({ id, ...options.sms });
      texts += 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: options.lanes }, lane));
  } finally {
    email.close();
  }
  return { emails, texts, elapsedMs: performance.now() - started };
}

/**
 * What limits the send: the stand-ins when the portal's rate comes within a tenth of what they take from a
 * sender doing nothing else (or beyond it: both are measured on a shared machine), else the portal.
 */
export function limitingFigure(portalRate: number, standInsRate: number): 'portal' | 'stand-ins' {
  return portalRate >= 0.9 * standInsRate ? 'stand-ins' : 'portal';
}
