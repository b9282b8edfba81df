import { apiErrorSchema } from '@vet/contracts/errors';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

type RouteSchema = NonNullable<RouteOptions['schema']>;

/**
 * Adds response schemas to a route's, without replacing any the route declares itself (a route's own
 * 404 or 409 stays as it wrote it). Used by every plugin that knows what a group of routes can answer.
 */
export function addResponses(route: RouteOptions, responses: Record<number, unknown>): void {
  const schema: RouteSchema = route.schema ?? {};
  route.schema = { ...schema, response: { ...responses, ...(schema.response as object | undefined) } };
}

/** What any route can answer: 400 when it validates input, 429 when rate-limited, and 500. */
function defaultResponses(route: RouteOptions): Record<number, unknown> {
  const schema: RouteSchema = route.schema ?? {};
  const validatesInput = Boolean(schema.params ?? schema.querystring ?? schema.body ?? schema.headers);
  const rateLimited = (route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== false;
  return {
    ...(validatesInput ? { 400: apiErrorSchema } : {}),
    ...(rateLimited ? { 429: apiErrorSchema } : {}),
    500: apiErrorSchema,
  };
}

/**
 * Every route answers its errors in the one error shape, and the OpenAPI document lists each status a
 * route really returns, without each route file repeating the common ones. Registered before any route.
 */
export const routeDefaultsPlugin = fp(
  (app, _options, done) => {
    app.addHook('onRoute', (route) => {
      if (route.schema?.hide) return;
      addResponses(route, defaultResponses(route));
    });
    done();
  },
  { name: 'route-defaults' },
);
