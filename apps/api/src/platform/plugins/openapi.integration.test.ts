import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { productionEnv } from '../../testing/production-env.ts';

const database = useTestDatabase();

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
}
interface OpenApiDocument {
  openapi: string;
  components: { securitySchemes: Record<string, unknown> };
  info: { title: string; version: string; license?: { name: string } };
  servers?: { url: string }[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
}

const publicPaths = [
  '/healthz',
  '/readyz',
  // The connectors' health for an orchestrator's alert (decision 0130): names and codes, never a record.
  '/health/connectors',
  '/online-practices',
  '/practices/{practiceId}/feature-toggles',
  '/practices/{practiceId}/prices',
  // A practice's health plans (issue 65).
  '/practices/{practiceId}/plans',
  '/lookup/salutations',
  '/lookup/online-appointment-reasons',
  '/lookup/cancellation-reasons',
  '/v2/insurers',
  '/v2/species',
  '/v2/species/{speciesId}/breeds',
  '/v2/species/{speciesId}/breeds/{breedId}/colours',
  // The practice system's signed link to a sent message's attachment (issue 66, decision 0165).
  '/attachments/{attachmentId}',
  '/telemetry/render-errors',
  '/pre-signup/check',
  '/pre-signup/resend',
  // Guests (R7.5): anonymous slot search and holds; the hold's id is its bearer token.
  '/guest/practices/{practiceId}/appointment-slots',
  '/guest/soft-bookings',
  '/guest/soft-bookings/{originalSoftBookingId}',
  '/guest/soft-bookings/{softBookingId}/extend',
  '/guest/soft-bookings/{softBookingId}/state',
  // An appointment's manage link (decision 0084): the token in the body is its only key.
  '/manage-link/appointment',
  '/manage-link/attendance',
  '/manage-link/cancellation',
  // A held earlier time's offer (decision 0086): the token in the body is its only key.
  '/earlier-time-offer',
  '/earlier-time-offer/take',
  // Outside production only (tests run without SMTP_URL, so with the development mailbox).
  '/dev/mailbox',
  '/dev/mailbox/{messageId}',
  '/dev/sms',
];
const signedInPaths = [
  '/client/profile',
  '/v2/profile',
  '/address-lookup',
  '/address-lookup/{serviceId}/{addressId}',
  '/signup/check',
  '/signup-v2/check',
  '/signup/resend',
  '/signup-v2/complete-signup',
  '/client/verify',
  '/v2/verify',
  '/client/activate',
  '/client/signup',
  '/signup/link-stage',
  '/signup/waiting-for-invitation',
  '/client/online-account/delete',
  '/client/data-export',
];
const clientOwnedPaths = [
  '/client',
  '/client/contact-preferences',
  '/client/practice',
  '/v2/pets',
  '/v2/pets/slice',
  '/v2/pets/{petId}',
  '/v2/pets/{petId}/health-record',
  '/v2/pets/{petId}/edit',
  '/v2/pets/{petId}/status',
  '/appointments',
  '/appointments/{appointmentId}',
  '/appointments/{appointmentId}/cancel',
  '/appointments/{appointmentId}/earlier-times',
  // Several pets in one visit (decision 0117).
  '/appointments/visits',
  '/appointments/visits/{visitId}',
  '/appointments/visits/{visitId}/cancel',
  '/practices/{practiceId}/appointment-slots',
  '/v2/practices/{practiceId}/appointment-slots',
  // The clinicians a client may name for a reason (decision 0101).
  '/practices/{practiceId}/clinicians',
  '/practices/{practiceId}/appointment-reasons/{appointmentReasonId}/price',
  '/guest/soft-bookings/{softBookingId}/complete',
  // The client ends the manage links of their appointments (decision 0095).
  '/client/manage-links/end',
  // Repeat prescriptions (decision 0111).
  '/v2/pets/{petId}/medications',
  '/prescription-requests',
  // Estimates and bills (decisions 0151, 0153).
  '/v2/bills',
  '/v2/bills/summary',
  '/v2/bills/estimates/{estimateId}',
  '/v2/bills/invoices/{invoiceId}',
  '/v2/bills/estimates/{estimateId}/answer',
  // Paying online (decision 0157).
  '/v2/bills/invoices/{invoiceId}/payment',
  '/v2/payments/{paymentId}',
  '/v2/payments/{paymentId}/cancel',
  '/v2/appointment-payments/terms',
  '/v2/appointment-payments',
  '/v2/appointments/{appointmentId}/payment',
  // Health plans (issue 65).
  '/v2/plan-memberships',
  '/v2/plan-memberships/{membershipId}',
  '/v2/plan-memberships/{membershipId}/confirm',
  '/v2/plan-memberships/{membershipId}/cancellation',
  '/v2/pets/{petId}/plans',
  // Messages with the practice (issue 66).
  '/v2/conversations',
  '/v2/conversations/{conversationId}',
  '/v2/messages',
  // Messages with the practice: the owner's uploads (issue 66).
  '/v2/attachments',
  '/v2/attachments/{attachmentId}',
];

/**
 * The integration API (decision 0062): every path under its prefix. Its routes are checked by what they
 * share (tag, security, statuses), so a new one is covered without editing this list; it must hold these.
 */
const integrationPaths = [
  '/integration/v1/clients/{client_ref}/invitations',
  // Deposits and card holds at booking (decision 0158).
  '/integration/v1/practices/{practice_ref}/appointment-reasons/{reason_ref}/booking-payment',
  '/integration/v1/practices/{practice_ref}/booking-payments',
  // A practice's conversations, read by its system (decision 0169).
  '/integration/v1/practices/{practice_ref}/conversations',
  '/integration/v1/practices/{practice_ref}/conversations/{conversation_id}',
  // The practice's answers, reads and closes of owners' conversations (decision 0168).
  '/integration/v1/practices/{practice_ref}/conversations/{conversation_id}/messages',
  '/integration/v1/practices/{practice_ref}/conversations/{conversation_id}/read',
  '/integration/v1/practices/{practice_ref}/conversations/{conversation_id}/close',
];
const isIntegrationPath = (path: string) => path.startsWith(`${integrationPathPrefix}/`);

/** Every operation of the document, with its path and method. */
function operationsOf(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
}

describe('the OpenAPI document', () => {
  let app: App;
  let document: OpenApiDocument;
  beforeAll(async () => {
    app = await buildTestApp(database);
    const response = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json<OpenApiDocument>();
  });
  afterAll(() => app.close());

  it('describes the API, its server and licence, and lists every route', async () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info).toMatchObject({ title: 'Client Portal API', version: '3.5.3' });
    expect(document.info.license?.name).toBeTruthy();
    expect(document.servers).toEqual([expect.objectContaining({ url: 'http://localhost:4000' })]);
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => !isIntegrationPath(path)).sort()).toEqual(
      [...publicPaths, ...signedInPaths, ...clientOwnedPaths].sort(),
    );
    expect(paths.filter(isIntegrationPath)).toEqual(expect.arrayContaining(integrationPaths));
    expect((await app.inject({ method: 'GET', url: '/docs/' })).statusCode).toBe(200);
  });

  it('gives every operation a unique operationId a client generator can use', () => {
    const ids = operationsOf(document).map(({ path, method, operation }) => {
      expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]*$/);
      return operation.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('says of every operation which credentials it needs: none explicitly for public routes', () => {
    for (const { path, method, operation } of operationsOf(document)) {
      const expected = isIntegrationPath(path)
        ? [{ practiceSystemAuth: ['practice-system'] }]
        : publicPaths.includes(path)
          ? []
          : [{ bearerAuth: [] }];
      expect(operation.security, `${method} ${path}`).toEqual(expected);
    }
  });

  it('puts the integration API under its own tag and the OAuth 2.0 client-credentials scheme', () => {
    const someText: unknown = expect.any(String);
    expect(document.components.securitySchemes.practiceSystemAuth).toEqual({
      type: 'oauth2',
      description: someText,
      flows: {
        clientCredentials: {
          tokenUrl: 'http://localhost:4100/oauth/token',
          scopes: { 'practice-system': someText },
        },
      },
    });
    const integration = operationsOf(document).filter(({ path }) => isIntegrationPath(path));
    expect(integration.length).toBeGreaterThanOrEqual(integrationPaths.length);
    for (const { path, method, operation } of integration) {
      expect((operation as { tags?: string[] }).tags, `${method} ${path}`).toEqual(['Integration']);
      // No token: 401; a person's token, or a machine not accepted: 403; keys unavailable: 503.
      expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(
        expect.arrayContaining(['401', '403', '429', '500', '503']),
      );
    }
    const statuses = Object.keys(document.paths[integrationPaths[0]!]?.post?.responses ?? {}).sort();
    // 200: an unused invitation answered again (decision 0103); 201: one issued.
    expect(statuses).toEqual(['200', '201', '400', '401', '403', '404', '409', '422', '429', '500', '503']);
  });

  it('lists the error statuses each operation really answers', () => {
    const statuses = (path: string, method = 'get') =>
      Object.keys(document.paths[path]?.[method]?.responses ?? {}).sort();
    // Public, no input: only the rate limit and our fault.
    expect(statuses('/online-practices')).toEqual(['200', '429', '500']);
    // Public with params: 400 too; and the route's own 404.
    expect(statuses('/practices/{practiceId}/feature-toggles')).toEqual(['200', '400', '404', '429', '500']);
    expect(statuses('/practices/{practiceId}/prices')).toEqual(['200', '400', '404', '429', '500']);
    // Probes are not rate-limited.
    expect(statuses('/readyz')).toEqual(['200', '500', '503']);
    // Signed in, linked or not: 401 and 503 (keys of the identity provider unavailable).
    expect(statuses('/client/profile')).toEqual(['200', '401', '429', '500', '503']);
    // Client-owned: 403 until the identity is linked to a client.
    expect(statuses('/v2/pets/{petId}')).toEqual(['200', '400', '401', '403', '404', '429', '500', '503']);
    expect(statuses('/v2/pets', 'post')).toEqual(['201', '400', '401', '403', '429', '500', '503']);
    expect(statuses('/client', 'post')).toEqual(['200', '400', '401', '403', '404', '429', '500', '503']);
    expect(statuses('/client/contact-preferences', 'put')).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '429',
      '500',
      '503',
    ]);
    expect(statuses('/telemetry/render-errors', 'post')).toEqual(['204', '400', '429', '500']);
    // Onboarding: the anonymous check has no 401; the signed-in calls add their own 409.
    expect(statuses('/pre-signup/check')).toEqual(['200', '400', '429', '500']);
    expect(statuses('/signup/resend', 'post')).toEqual(['204', '400', '401', '409', '429', '500', '503']);
    // A new client needs an e-mail the provider verified: 403 otherwise (decision 0056).
    expect(statuses('/client/signup', 'post')).toEqual([
      '201',
      '400',
      '401',
      '403',
      '409',
      '429',
      '500',
      '503',
    ]);
    expect(statuses('/dev/mailbox/{messageId}')).toEqual(['200', '400', '404', '429', '500']);
    // Appointments (R7.3): the booking answers a lost race with 409 and a reused key with 422.
    const clientOwned = ['400', '401', '403', '404', '429', '500', '503'];
    expect(statuses('/practices/{practiceId}/appointment-slots')).toEqual(['200', ...clientOwned]);
    expect(statuses('/v2/practices/{practiceId}/appointment-slots')).toEqual(['200', ...clientOwned]);
    expect(statuses('/practices/{practiceId}/clinicians')).toEqual(['200', ...clientOwned]);
    expect(statuses('/practices/{practiceId}/appointment-reasons/{appointmentReasonId}/price')).toEqual([
      '200',
      ...clientOwned,
    ]);
    expect(statuses('/appointments', 'post')).toEqual([
      '201',
      ...clientOwned.slice(0, 4),
      '409',
      '422',
      '429',
      '500',
      '503',
    ]);
    expect(statuses('/appointments/{appointmentId}')).toEqual(['200', ...clientOwned]);
    expect(statuses('/appointments/{appointmentId}', 'post')).toEqual([
      '200',
      ...clientOwned.slice(0, 4),
      '409',
      '429',
      '500',
      '503',
    ]);
    expect(statuses('/appointments/{appointmentId}/cancel', 'patch')).toEqual([
      '200',
      ...clientOwned.slice(0, 4),
      '409',
      '429',
      '500',
      '503',
    ]);
    // Guests (R7.5): public holds answer 409 (taken, replaced, completed) and 429 (limits), no 401.
    expect(statuses('/guest/practices/{practiceId}/appointment-slots')).toEqual([
      '200',
      '400',
      '403',
      '404',
      '429',
      '500',
    ]);
    const guestHold = ['400', '403', '404', '409', '429', '500'];
    expect(statuses('/guest/soft-bookings', 'post')).toEqual(['201', ...guestHold]);
    expect(statuses('/guest/soft-bookings/{originalSoftBookingId}', 'post')).toEqual(['201', ...guestHold]);
    expect(statuses('/guest/soft-bookings/{softBookingId}/extend', 'post')).toEqual([
      '200',
      '400',
      '404',
      '409',
      '429',
      '500',
    ]);
    expect(statuses('/guest/soft-bookings/{softBookingId}/complete', 'post')).toEqual([
      '201',
      ...clientOwned.slice(0, 4),
      '409',
      '429',
      '500',
      '503',
    ]);
  });

  it('names each guest operation with a stable operationId', () => {
    const id = (path: string, method: string) => document.paths[path]?.[method]?.operationId;
    expect([
      id('/guest/practices/{practiceId}/appointment-slots', 'get'),
      id('/guest/soft-bookings', 'post'),
      id('/guest/soft-bookings/{originalSoftBookingId}', 'post'),
      id('/guest/soft-bookings/{softBookingId}/extend', 'post'),
      id('/guest/soft-bookings/{softBookingId}/complete', 'post'),
    ]).toEqual([
      'listGuestAppointmentSlots',
      'createGuestSoftBooking',
      'replaceGuestSoftBooking',
      'extendGuestSoftBooking',
      'completeGuestSoftBooking',
    ]);
  });

  it('names each appointment operation with a stable operationId', () => {
    const id = (path: string, method: string) => document.paths[path]?.[method]?.operationId;
    expect([
      id('/practices/{practiceId}/appointment-slots', 'get'),
      id('/v2/practices/{practiceId}/appointment-slots', 'get'),
      id('/appointments', 'get'),
      id('/appointments', 'post'),
      id('/appointments/{appointmentId}', 'get'),
      id('/appointments/{appointmentId}', 'post'),
      id('/appointments/{appointmentId}/cancel', 'patch'),
    ]).toEqual([
      'listAppointmentSlots',
      'listAppointmentSlotsV2',
      'listAppointments',
      'bookAppointment',
      'getAppointment',
      'amendAppointment',
      'cancelAppointment',
    ]);
  });

  it('defines every tag it uses', () => {
    const defined = new Set(document.tags?.map((tag) => tag.name));
    const used = operationsOf(document).flatMap(
      ({ operation }) => (operation as { tags?: string[] }).tags ?? [],
    );
    expect(used.filter((tag) => !defined.has(tag))).toEqual([]);
  });
});

describe('the documentation in production', () => {
  it('is off unless API_DOCS=on', async () => {
    const cases: [Record<string, string>, number][] = [
      [productionEnv, 404],
      [{ ...productionEnv, API_DOCS: 'on' }, 200],
    ];
    for (const [env, expected] of cases) {
      const app = await buildTestApp(database, { env });
      try {
        for (const url of ['/docs/json', '/docs/']) {
          const { statusCode } = await app.inject({ method: 'GET', url });
          expect(statusCode, `${url} API_DOCS=${env.API_DOCS ?? ''}`).toBe(expected);
        }
      } finally {
        await app.close();
      }
    }
  });
});
