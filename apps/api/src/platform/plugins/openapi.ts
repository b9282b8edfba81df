import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import packageJson from '../../../package.json' with { type: 'json' };
import { INTEGRATION_TAG, PRACTICE_SYSTEM_SECURITY } from '../auth/index.ts';

/**
 * The OpenAPI document is generated from the routes' zod schemas (the contracts), so it cannot drift
 * from what the API validates and sends. UI at /docs, document at /docs/json.
 */
export interface OpenApiOptions {
  /** Where clients reach this API: the document's one server. */
  serverUrl: string;
  /** The integration API's client-credentials flow: where a practice system gets a token, for which scope. */
  integration: { tokenUrl: string; scope: string };
}

export const openApiPlugin = fp<OpenApiOptions>(
  async (app, { serverUrl, integration }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Client Portal API',
          version: packageJson.version,
          description:
            'The API of the veterinary practice group client portal. Every error answers in one shape: ' +
            '{ statusCode, error, message, issues? }.',
          contact: { name: 'Client Portal team' },
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        servers: [{ url: serverUrl, description: 'This API' }],
        tags: [
          { name: 'health', description: 'Liveness and readiness probes' },
          { name: 'practices', description: 'Practices and their feature settings' },
          { name: 'lookups', description: 'Reference data for forms' },
          { name: 'clients', description: 'The signed-in client (bearer access token required)' },
          { name: 'onboarding', description: 'Linking a new account to a client record' },
          { name: 'pets', description: "The signed-in client's pets" },
          { name: 'appointments', description: "The signed-in client's appointments" },
          {
            name: 'prescriptions',
            description: "The signed-in client's pets' medicines and their repeat prescription requests",
          },
          {
            name: 'bills',
            description: "The signed-in client's estimates and bills, and their answer to an estimate",
          },
          {
            name: 'payments',
            description: "The signed-in client's payments online: a bill paid on the provider's hosted page",
          },
          {
            name: 'plans',
            description:
              "Health plans: a practice's plans, the signed-in client's memberships, joining by Direct Debit and leaving",
          },
          {
            name: 'messages',
            description:
              "Messages with the practice: the signed-in client's uploads and conversations, and the practice's signed link to a sent file",
          },
          { name: 'guests', description: 'Guests holding a time before signing up, and completing it after' },
          {
            name: 'manage-link',
            description: "An appointment's e-mailed manage link: its token is the only key (no sign-in)",
          },
          {
            name: 'earlier-times',
            description:
              "Waiting for an earlier time (signed in), and a held time's e-mailed offer: its token is the only key",
          },
          { name: 'telemetry', description: 'Error reports from the portal' },
          { name: 'development', description: 'Local runs only: the development mailbox' },
          {
            name: INTEGRATION_TAG,
            description:
              "The practice system's way in (/integration/v1): machine callers with a client-credentials token",
          },
        ],
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'An access token of a trusted identity provider (AUTH_ISSUERS)',
            },
            [PRACTICE_SYSTEM_SECURITY]: {
              type: 'oauth2',
              description:
                "A practice system's access token from the OAuth 2.0 client-credentials grant; a person's " +
                'token is refused (403)',
              flows: {
                clientCredentials: {
                  tokenUrl: integration.tokenUrl,
                  scopes: { [integration.scope]: 'Call the integration API for the practice group' },
                },
              },
            },
          },
        },
      },
      transform: jsonSchemaTransform,
      // Zod schemas given an id (the practice events' envelopes) become components the routes name.
      transformObject: jsonSchemaTransformObject,
    });
    // The UI page needs its own scripts and styles; staticCSP gives its routes a policy that allows them,
    // while every API route keeps helmet's strict default.
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  },
  { name: 'openapi' },
);
