import { z } from 'zod';
import { wholeNumber } from './values.ts';

/**
 * What this process is and how long it keeps connections (decisions 0126, 0127). api-config.ts parses it
 * with everything else, so one message still names every bad variable.
 *
 * PORTAL_ROLE: `http` answers requests and runs no worker; `worker` runs the queue, the dispatcher, the
 * connectors and the minute job, listening only for its probes; `all` (unset) is both, as one process.
 *
 * The timeouts are the ones a load balancer meets: an idle kept-alive connection must be closed by the
 * balancer, never by this server, or a request the balancer sends down it as it closes fails (a 502).
 */
export const processRoles = ['all', 'http', 'worker'] as const;
export type ProcessRole = (typeof processRoles)[number];

const secondBounds = [1, 3600] as const;
/** Fastify's own keep-alive (72 s) and Node's headers timeout (60 s): what the API had before. */
export const defaultHttpTimeouts = { keepAliveSeconds: 72, headersSeconds: 60 } as const;

const processEnvShape = {
  PORTAL_ROLE: z.enum(processRoles).default('all'),
  KEEP_ALIVE_TIMEOUT_SECONDS: wholeNumber(secondBounds).default(defaultHttpTimeouts.keepAliveSeconds),
  HEADERS_TIMEOUT_SECONDS: wholeNumber(secondBounds).default(defaultHttpTimeouts.headersSeconds),
  LOAD_BALANCER_IDLE_TIMEOUT_SECONDS: wholeNumber(secondBounds).optional(),
};

const seconds = `a whole number of seconds from ${secondBounds[0]} to ${secondBounds[1]}`;
const processEnvExpected: Record<keyof typeof processEnvShape, string> = {
  PORTAL_ROLE:
    'one of all, http, worker (http: requests only; worker: the background work only, probes on API_PORT); unset: all',
  KEEP_ALIVE_TIMEOUT_SECONDS: `${seconds} an idle kept-alive connection stays open, above LOAD_BALANCER_IDLE_TIMEOUT_SECONDS; unset: ${defaultHttpTimeouts.keepAliveSeconds}`,
  HEADERS_TIMEOUT_SECONDS: `${seconds} a request's headers may take to arrive; unset: ${defaultHttpTimeouts.headersSeconds}`,
  LOAD_BALANCER_IDLE_TIMEOUT_SECONDS: `${seconds}, below KEEP_ALIVE_TIMEOUT_SECONDS (unset: ${defaultHttpTimeouts.keepAliveSeconds}): the idle timeout of the load balancer's connections to this server (Google Cloud 600, AWS ALB 60 unless changed, Oracle 300, nginx keepalive_timeout); raise KEEP_ALIVE_TIMEOUT_SECONDS above it; unset: not checked`,
};

export const processSection = {
  shape: processEnvShape,
  expected: processEnvExpected,
  rules: [requireKeepAliveAboveBalancer],
};

type ProcessEnv = z.output<z.ZodObject<typeof processEnvShape>>;

export interface HttpTimeouts {
  keepAliveTimeoutMs: number;
  headersTimeoutMs: number;
}

export interface ProcessConfig {
  role: ProcessRole;
  http: HttpTimeouts;
}

export function processConfigOf(env: ProcessEnv): ProcessConfig {
  return {
    role: env.PORTAL_ROLE,
    http: {
      keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      headersTimeoutMs: env.HEADERS_TIMEOUT_SECONDS * 1000,
    },
  };
}

/** The balancer closes idle connections first: this server's keep-alive outlasts its idle timeout. */
function requireKeepAliveAboveBalancer(env: Partial<ProcessEnv>, context: z.RefinementCtx) {
  const { KEEP_ALIVE_TIMEOUT_SECONDS: keepAlive, LOAD_BALANCER_IDLE_TIMEOUT_SECONDS: balancer } = env;
  if (typeof keepAlive === 'number' && typeof balancer === 'number' && keepAlive <= balancer)
    context.addIssue({
      code: 'custom',
      // Named on the balancer's variable: the keep-alive is often left unset, at its default.
      path: ['LOAD_BALANCER_IDLE_TIMEOUT_SECONDS'],
      message: 'not below the keep-alive timeout',
    });
}
