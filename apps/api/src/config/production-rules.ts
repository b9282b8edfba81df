import type { z } from 'zod';

/**
 * What production requires of the API's environment beyond each variable's own format (api-config.ts runs
 * every rule, so one message names every problem). An unset NODE_ENV is production (decision 0068): a
 * process started without being told it is a local run gets these rules, never the local defaults.
 */

/** The variables the rules read, as api-config.ts's schema parses them (checked even when some are bad). */
export interface ProductionRulesEnv {
  NODE_ENV: string;
  SMTP_URL?: string | undefined;
  DEV_MAILBOX?: string | undefined;
  BOOKING_CAPS: string;
  AUTH_ISSUERS?: unknown;
  TRUST_PROXY?: string[] | undefined;
  REDIS_URL?: string | undefined;
  VERIFICATION_CODE_PEPPER?: string | undefined;
  PORTAL_URL: string;
  EMBEDDED_ISSUER?: string | undefined;
}

/** Lets a local run and the tests work without setup; refused in production. */
export const DEV_VERIFICATION_CODE_PEPPER = 'development-only-verification-code-pepper-not-secret';

type Rule = (env: ProductionRulesEnv, context: z.RefinementCtx) => void;

const required = (context: z.RefinementCtx, name: keyof ProductionRulesEnv) =>
  context.addIssue({ code: 'custom', path: [name], message: 'required in production' });

/** A production API must send its e-mails, and never show them to whoever asks (R4.26). */
const requireRealMail: Rule = (env, context) => {
  if (env.SMTP_URL === undefined) required(context, 'SMTP_URL');
  if (env.DEV_MAILBOX === 'true')
    context.addIssue({ code: 'custom', path: ['DEV_MAILBOX'], message: 'not allowed in production' });
  // The caps of decision 0057 are off only in test harnesses that book without end.
  if (env.BOOKING_CAPS === 'off')
    context.addIssue({ code: 'custom', path: ['BOOKING_CAPS'], message: 'not allowed in production' });
};

/**
 * Production trusts only providers it names, over https: the embedded provider's defaults
 * (http://localhost:4100) are for local runs, and an http issuer or key set can be spoofed on the way.
 */
const requireHttpsIssuers: Rule = (env, context) => {
  // Unset AUTH_ISSUERS: reported as required. A bad value: already reported by its own check.
  if (env.AUTH_ISSUERS === undefined) return required(context, 'AUTH_ISSUERS');
  // Checked even when the value is bad, so look before trusting its shape.
  const entries: unknown = env.AUTH_ISSUERS;
  if (!Array.isArray(entries)) return;
  entries.forEach((entry: Partial<Record<'issuer' | 'jwksUri', unknown>> | null, index) => {
    for (const field of ['issuer', 'jwksUri'] as const) {
      const url = entry?.[field];
      if (typeof url === 'string' && !url.startsWith('https://'))
        context.addIssue({
          code: 'custom',
          path: ['AUTH_ISSUERS', index, field],
          message: 'must be https in production',
        });
    }
  });
};

/**
 * In production the API is reached through the web server (the BFF), which names each client in
 * X-Forwarded-For. Without TRUST_PROXY that header is ignored and every request counts against the web
 * server's own address: each per-address limit becomes one limit for the whole site.
 */
const requireTrustedProxy: Rule = (env, context) => {
  if (env.TRUST_PROXY === undefined) required(context, 'TRUST_PROXY');
};

/**
 * Production runs several instances: counters kept in each process would multiply every limit by the
 * number of instances (a person's 10 pre-signup checks become 20 behind two).
 */
const requireSharedRateLimits: Rule = (env, context) => {
  if (env.REDIS_URL === undefined) required(context, 'REDIS_URL');
};

/** Links in e-mails point at PORTAL_URL: its default is a local address, and people follow them. */
const requireHttpsPortal: Rule = (env, context) => {
  if (!env.PORTAL_URL.startsWith('https://'))
    context.addIssue({ code: 'custom', path: ['PORTAL_URL'], message: 'must be https in production' });
};

/**
 * Deleting an online account erases its sign-in at the embedded provider (decision 0080), found by
 * EMBEDDED_ISSUER: a local default there would leave a production provider's accounts behind. Production
 * names it, or says `none`; a named one must be an issuer the API trusts, or nobody signs in with it.
 */
const requireEmbeddedIssuerNamed: Rule = (env, context) => {
  const issuer = env.EMBEDDED_ISSUER;
  if (issuer === undefined) return required(context, 'EMBEDDED_ISSUER');
  if (issuer === 'none') return;
  const trusted = Array.isArray(env.AUTH_ISSUERS)
    ? (env.AUTH_ISSUERS as unknown[]).map((entry) => (entry as { issuer?: unknown } | null)?.issuer)
    : [];
  if (!issuer.startsWith('https://') || !trusted.includes(issuer))
    context.addIssue({
      code: 'custom',
      path: ['EMBEDDED_ISSUER'],
      message: 'must be https and one of AUTH_ISSUERS’ issuers in production',
    });
};

const refuseDevelopmentSecrets: Rule = (env, context) => {
  const pepper = env.VERIFICATION_CODE_PEPPER;
  if (pepper === undefined || pepper === DEV_VERIFICATION_CODE_PEPPER)
    required(context, 'VERIFICATION_CODE_PEPPER');
};

const rules: Rule[] = [
  refuseDevelopmentSecrets,
  requireRealMail,
  requireHttpsIssuers,
  requireTrustedProxy,
  requireSharedRateLimits,
  requireHttpsPortal,
  requireEmbeddedIssuerNamed,
];

/** Every production rule, for `superRefine`; nothing outside production. */
export function productionRules(env: ProductionRulesEnv, context: z.RefinementCtx): void {
  if (env.NODE_ENV !== 'production') return;
  for (const rule of rules) rule(env, context);
}
