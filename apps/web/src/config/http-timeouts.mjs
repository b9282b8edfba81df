// The web server's keep-alive and headers timeouts (server.mjs; decision 0127), from the environment like
// the API's (apps/api/src/config/process-kind.ts, same names and rule): an idle kept-alive connection must
// be closed by the load balancer, never by this server, or a request the balancer sends down it as it
// closes fails (a 502). Plain JavaScript with no import, which server.mjs loads before Next.js; the
// production build copies it beside server.mjs (bundle-servers.ts).

/**
 * The values server.mjs always had: keep-alive above nginx's 60 s (deploy/nginx.conf), and the headers'
 * timeout a second above the keep-alive, as the web has always kept it (an older Node counted a kept-alive
 * connection's idle time against the next request's headers).
 */
export const defaultWebTimeouts = Object.freeze({ keepAliveSeconds: 65, headersAboveKeepAliveSeconds: 1 });

const bounds = [1, 3600];

/**
 * KEEP_ALIVE_TIMEOUT_SECONDS, HEADERS_TIMEOUT_SECONDS and LOAD_BALANCER_IDLE_TIMEOUT_SECONDS, or an Error
 * naming every bad one: the process must not start on one.
 * @param {Record<string, string | undefined>} env
 * @returns {{ keepAliveTimeoutMs: number, headersTimeoutMs: number }}
 */
export function httpTimeoutsOf(env) {
  const problems = [];
  const seconds = `a whole number of seconds from ${bounds[0]} to ${bounds[1]}`;
  /** @param {string} name @param {number | undefined} fallback @param {string} what */
  const read = (name, fallback, what) => {
    const text = env[name] || undefined;
    if (text === undefined) return fallback;
    const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (value >= bounds[0] && value <= bounds[1]) return value;
    problems.push(`${name} must be ${seconds} ${what}`);
    return undefined;
  };
  const keepAlive = read(
    'KEEP_ALIVE_TIMEOUT_SECONDS',
    defaultWebTimeouts.keepAliveSeconds,
    `an idle kept-alive connection stays open, above LOAD_BALANCER_IDLE_TIMEOUT_SECONDS; unset: ${defaultWebTimeouts.keepAliveSeconds}`,
  );
  const headers = read(
    'HEADERS_TIMEOUT_SECONDS',
    keepAlive === undefined ? undefined : keepAlive + defaultWebTimeouts.headersAboveKeepAliveSeconds,
    "a request's headers may take to arrive; unset: a second above the keep-alive",
  );
  const balancer = read(
    'LOAD_BALANCER_IDLE_TIMEOUT_SECONDS',
    undefined,
    "(the load balancer's idle timeout: Google Cloud 600, AWS ALB 60 unless changed, Oracle 300, nginx keepalive_timeout)",
  );
  if (keepAlive !== undefined && balancer !== undefined && keepAlive <= balancer)
    problems.push(
      `LOAD_BALANCER_IDLE_TIMEOUT_SECONDS must be below KEEP_ALIVE_TIMEOUT_SECONDS (unset: ${defaultWebTimeouts.keepAliveSeconds}): raise KEEP_ALIVE_TIMEOUT_SECONDS above it`,
    );
  if (problems.length > 0 || keepAlive === undefined || headers === undefined)
    throw new Error(
      'Invalid configuration; the web server will not start. Fix these environment variables:\n' +
        problems.map((problem) => `  - ${problem}`).join('\n'),
    );
  return { keepAliveTimeoutMs: keepAlive * 1000, headersTimeoutMs: headers * 1000 };
}
