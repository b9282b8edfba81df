import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import packageJson from '../../package.json' with { type: 'json' };

/**
 * The OpenAPI document is generated from the routes' zod schemas (the contracts), so it cannot drift
 * from what the API validates and sends. UI at /docs, document at /docs/json.
 */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Client Portal API',
          version: packageJson.version,
          description:
            'The API of the veterinary practice group client portal. Every error answers in one shape: ' +
            '{ statusCode, error, message, issues? }.',
        },
        tags: [
          { name: 'health', description: 'Liveness and readiness probes' },
          { name: 'practices', description: 'Practices and their feature settings' },
          { name: 'lookups', description: 'Reference data for forms' },
          { name: 'clients', description: 'The signed-in client (bearer access token required)' },
        ],
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'An access token of a trusted identity provider (AUTH_ISSUERS)',
            },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    // The UI page needs its own scripts and styles; staticCSP gives its routes a policy that allows them,
    // while every API route keeps helmet's strict default.
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  },
  { name: 'openapi' },
);
