/**
 * The duplicate pairs we keep (decision 0132), each with its kind (decision 0093's kinds) and a one-line
 * reason. `npm run duplicates:count` prints the reason beside each row it counts, and says which rows no
 * entry names and which entries no row matches.
 *
 * An entry names the two files of a pair (paths from the repository's root; the same file twice for a pair
 * inside one file), not lines: lines move with every edit, files rarely. It covers every row between those
 * two files. A change that adds a pair merges it, or adds an entry here; a merge that removes a pair takes
 * its entry off. Pairs whose two sides are only import and re-export lists need no entry: the count sets
 * them apart by rule.
 */

export const keptKinds = {
  declaration: 'a declaration',
  query: 'a query that reads different things',
  markup: 'markup of different components',
  cases: "one component's fields or cases in a row",
  lookalike: 'a lookalike of different things',
} as const;

export interface KeptPair {
  /** One side's file. */
  left: string;
  /** The other side's file (`left` again for a pair inside one file). */
  right: string;
  kind: keyof typeof keptKinds;
  reason: string;
}

const api = (path: string) => `apps/api/src/${path}`;
const web = (path: string) => `apps/web/src/${path}`;

export const keptPairs: readonly KeptPair[] = [
  // Queries that read different things: each selects the columns its own reader needs.
  {
    left: api('appointments/booking/appointment-records.ts'),
    right: api('appointments/earlier-times/offer-freed-time.ts'),
    kind: 'query',
    reason: "booking's appointment list (prepared, from the client) ~ the earlier-times waiting line",
  },
  {
    left: api('appointments/booking/appointment-records.ts'),
    right: api('clients/data-export/data-export-repository.ts'),
    kind: 'query',
    reason: "booking's appointment list ~ the data export's pets",
  },
  {
    left: api('appointments/booking/appointment-records.ts'),
    right: api('clients/prescriptions/prescription-answers.ts'),
    kind: 'query',
    reason: "booking's appointment list ~ a prescription request's answer",
  },
  {
    left: api('appointments/earlier-times/offer-freed-time.ts'),
    right: api('clients/data-export/data-export-repository.ts'),
    kind: 'query',
    reason: "the earlier-times waiting line ~ the data export's pets",
  },
  {
    left: api('appointments/earlier-times/offer-freed-time.ts'),
    right: api('clients/prescriptions/prescription-answers.ts'),
    kind: 'query',
    reason: "the earlier-times waiting line ~ a prescription request's answer",
  },
  {
    left: api('clients/data-export/data-export-repository.ts'),
    right: api('clients/prescriptions/prescription-answers.ts'),
    kind: 'query',
    reason: "the data export's pets ~ a prescription request's answer",
  },
  {
    left: api('appointments/booking/booking-repository.ts'),
    right: 'packages/practice-events/src/delivery-queue.ts',
    kind: 'query',
    reason: "booking's rota rows ~ the practice events' due deliveries",
  },
  {
    left: api('appointments/manage-links/manage-link-service.ts'),
    right: api('clients/prescriptions/prescriptions-repository.ts'),
    kind: 'query',
    reason: "a manage link's booked row ~ a client's prescription requests",
  },
  {
    left: api('clients/profile/client-record-repository.ts'),
    right: api('reference/practices/practices-repository.ts'),
    kind: 'query',
    reason: "a client's contact preference rows ~ the online practices",
  },
  {
    left: api('messages/outbox/mailbox-repository.ts'),
    right: api('reference/lookups/species-repository.ts'),
    kind: 'query',
    reason: "the development mailbox's texts ~ the species list",
  },
  {
    left: api('clients/onboarding/verification-repository.ts'),
    right: api('practice-system/integration-api/client-invitation-repository.ts'),
    kind: 'query',
    reason: "the columns read under a client's lock: onboarding's send target ~ the invited client",
  },

  // Declarations: each declares its own thing, and evolves with it.
  {
    left: api('messages/outbox/routes.ts'),
    right: api('reference/practices/routes.ts'),
    kind: 'declaration',
    reason: "Fastify routes: the development mailbox's ~ the practices' files",
  },
  {
    left: api('clients/profile/client-record-routes.ts'),
    right: api('clients/profile/client-record-routes.ts'),
    kind: 'declaration',
    reason: 'Fastify routes: GET /client ~ GET /client/contact-preferences',
  },
  {
    left: api('appointments/client-routes/booking-routes.ts'),
    right: api('appointments/client-routes/visit-routes.ts'),
    kind: 'declaration',
    reason: 'Fastify routes: amending an appointment ~ amending a visit',
  },
  {
    left: api('appointments/client-routes/visit-routes.ts'),
    right: api('practice-system/webhook-endpoints/webhook-endpoint-routes.ts'),
    kind: 'declaration',
    reason: "Fastify routes: a visit's ~ a webhook endpoint's read and change",
  },
  {
    left: 'packages/contracts/src/data-export.ts',
    right: 'packages/contracts/src/practice-events.ts',
    kind: 'declaration',
    reason: "the data export's ~ the practice events' client fields: separate published formats",
  },
  {
    left: 'packages/contracts/src/practice-events.ts',
    right: 'packages/contracts/src/prescription-rules.ts',
    kind: 'declaration',
    reason: "lists of different things: the events' types ~ prescription request statuses",
  },
  {
    left: api('appointments/earlier-times/earlier-times-common.ts'),
    right: 'packages/contracts/src/prescription-rules.ts',
    kind: 'declaration',
    reason: "lists of different things: the earlier-times messages ~ the prescription requests' messages",
  },
  {
    left: api('platform/plugins/openapi.ts'),
    right: 'packages/practice-import/src/engine/apply/reasons.ts',
    kind: 'declaration',
    reason: "lists of different things: the OpenAPI tags ~ the import's reason columns",
  },
  {
    left: api('platform/plugins/openapi.ts'),
    right: 'apps/web/next.config.ts',
    kind: 'declaration',
    reason: "lists of different things: the OpenAPI tags ~ the web's security headers",
  },
  {
    left: api('practice-system/connectors/connector-metrics.ts'),
    right: api('practice-system/connectors/connector-metrics.ts'),
    kind: 'declaration',
    reason: "the connectors' Prometheus metrics, each with its own name, help and labels",
  },
  {
    left: api('practice-system/connectors/ezyvet/ezyvet-read.ts'),
    right: api('practice-system/connectors/ezyvet/ezyvet-write.ts'),
    kind: 'declaration',
    reason: "ezyVet's reader's ~ writer's constructors",
  },

  // One component's fields or cases in a row, each with its own label, texts and handlers.
  {
    left: web('features/onboarding/components/check-result.tsx'),
    right: web('features/onboarding/components/check-result.tsx'),
    kind: 'cases',
    reason: "the onboarding check result's two offers",
  },

  // Markup of different components that happen to share props or a few lines.
  {
    left: web('features/appointments/components/guest-hold-view.tsx'),
    right: web('shared/layout/portal-shell.tsx'),
    kind: 'markup',
    reason: "the guest hold's countdown ~ the shell's header",
  },
  {
    left: web('features/onboarding/components/new-client-form.tsx'),
    right: web('shared/components/autocomplete-field.tsx'),
    kind: 'markup',
    reason: "the new client's sections ~ the autocomplete's field",
  },
  {
    left: web('shared/layout/side-drawer.tsx'),
    right: web('shared/toast/toast-provider.tsx'),
    kind: 'markup',
    reason: 'the side drawer ~ the toast (their props)',
  },

  // Lookalikes: different things that happen to share their form.
  {
    left: api('clients/profile/client-details-service.ts'),
    right: api('clients/profile/contact-preferences-service.ts'),
    kind: 'lookalike',
    reason: "updateClientDetails ~ saveContactPreferences: two services' parameter lists",
  },
  {
    left: api('clients/onboarding/verification-email.ts'),
    right: api('practice-system/integration-api/invitation-email.ts'),
    kind: 'lookalike',
    reason: "the verification ~ the invitation e-mail: two e-mails' wording in one branded layout",
  },
  {
    left: 'packages/practice-import/src/engine/apply/clients.ts',
    right: 'packages/practice-import/src/engine/apply/clients.ts',
    kind: 'lookalike',
    reason: "the import's upserts of clients ~ of pets: different tables' columns through one helper",
  },
];
