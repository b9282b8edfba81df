/**
 * The smallest environment the API accepts in production (config-production-rules.ts), for tests that
 * build a production config or app; DATABASE_URL is the test's own. Its addresses reach nothing: an app
 * built with it finds no Redis at REDIS_URL, so its rate limits fail open (plugins/rate-limit.ts), and
 * sends no e-mail (no worker runs in a test app).
 */
export const productionEnv = {
  NODE_ENV: 'production',
  PORTAL_URL: 'https://portal.vets.example',
  SMTP_URL: 'smtp://mail.internal:587',
  VERIFICATION_CODE_PEPPER: 'a-production-pepper-that-is-long-enough-0123456789',
  TRUST_PROXY: '10.0.0.0/8',
  REDIS_URL: 'redis://127.0.0.1:1',
  AUTH_ISSUERS: JSON.stringify([
    { issuer: 'https://login.vets.example', audience: 'https://api.vets.example' },
  ]),
  EMBEDDED_ISSUER: 'none',
  WEBHOOK_SECRET_KEYS: `prod1:${Buffer.alloc(32, 'production').toString('base64')}`,
} as const satisfies Record<string, string>;
