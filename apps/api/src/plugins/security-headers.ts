import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * helmet's security headers on every response: its defaults, with base-uri 'none' (the API answers JSON,
 * never a document with a <base>). The middleware is built once; @fastify/helmet built it again for each
 * request (parsing the policy each time), about 7% of the API's CPU under `npm run bench:api` (issue 14).
 * Routes that need another policy set their own header, which replaces this one (the docs UI does).
 */
export const securityHeadersPlugin = fp(
  (app, _options, done) => {
    const applyHeaders = helmet({ contentSecurityPolicy: { directives: { baseUri: ["'none'"] } } });
    app.addHook('onRequest', (request, reply, next) => {
      applyHeaders(request.raw, reply.raw, (error?: unknown) => next(error as Error | undefined));
    });
    done();
  },
  { name: 'security-headers' },
);
