/**
 * Runs in the browser before the portal's own code (Next.js's instrumentation-client). zod, once a form
 * loads its rules (decision 0033), probes once whether it may compile its parsers with `new Function`; the
 * portal's Content Security Policy allows no eval (decision 0029), so the probe is refused and Chrome
 * records a CSP violation for it (Lighthouse's best-practices "inspector-issues"). zod's `jitless` setting
 * skips the probe (it then parses as it does when refused). It is set here the way zod's own
 * `config({ jitless: true })` keeps it, on the global zod reads when it loads, so that pages without a
 * form do not load zod to say so (decision 0032); it must be in place before any schema is built.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

export {};
