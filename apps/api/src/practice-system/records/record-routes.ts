import { apiErrorSchema } from '@vet/contracts/errors';
import {
  petDeactivationSchema,
  practiceRecordBatchResultSchema,
  practiceRecordKinds,
  practiceRecordParamsSchema,
  practiceRecordRefFields,
  practiceRecordVersionSchema,
  practiceRecordWriteSchema,
  recordBatchMaxBytes,
  recordBatchMaxItems,
  type PracticeRecordKind,
  type PracticeRecordWrite,
} from '@vet/contracts/integration-records';
import { etagOf, recordWriteHeadersSchema } from '@vet/contracts/integration-writes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { errorBody, machineGrantOf } from '../../platform/index.ts';
import { fieldsOf, recordBatchSchemaOf, recordBodySchemaOf } from './record-fields.ts';
import { apiRecordKinds } from './record-kinds.ts';
import {
  deactivate,
  recordVersion,
  upsertBatch,
  upsertRecord,
  type PracticeRecordDeps,
} from './record-service.ts';

const tooLarge = `A batch has at most ${recordBatchMaxItems} items (and ${recordBatchMaxBytes / 1024 / 1024} MiB); send the rest in another batch.`;

/** 413 before the body is read when it says it is too long (Fastify's bodyLimit stops one that does not). */
async function batchBytes(request: FastifyRequest, reply: FastifyReply) {
  if (Number(request.headers['content-length']) > recordBatchMaxBytes)
    return reply.code(413).send(errorBody(413, tooLarge));
}

/** 413 before any item is read: a batch is at most recordBatchMaxItems records. */
async function batchSize(request: FastifyRequest, reply: FastifyReply) {
  const { body } = request as { body?: { items?: unknown } };
  if (Array.isArray(body?.items) && body.items.length > recordBatchMaxItems)
    return reply.code(413).send(errorBody(413, tooLarge));
}

/**
 * The practice system's records under the integration API's prefix (decision 0065): for each
 * kind, upsert by reference, a batch of upserts, and deactivation by reference.
 */
export const practiceRecordRoutes = (): FastifyPluginCallbackZod => (app, _options, done) => {
  const deps: PracticeRecordDeps = { db: app.db, pool: app.sessionPool };
  for (const kind of practiceRecordKinds) routesOf(kind)(app, deps);
  done();
};

const routesOf =
  (kind: PracticeRecordKind) => (app: Parameters<FastifyPluginCallbackZod>[0], deps: PracticeRecordDeps) => {
    const { noun, operationName, deactivation } = apiRecordKinds[kind];
    const refField = practiceRecordRefFields[kind];
    const params = practiceRecordParamsSchema(kind);
    const refOf = (request: { params: Record<string, string> }) => request.params[refField] ?? '';
    const body = recordBodySchemaOf(kind);
    const batch = recordBatchSchemaOf(kind);

    const config = { integrationKind: kind };
    app.get(
      `/${kind}/:${refField}`,
      {
        config,
        schema: {
          operationId: `get${operationName}Version`,
          summary: `The version of one ${noun} by its reference (also its ETag)`,
          description:
            'What If-Match (or `version`) sends back: read it again after a 409 stale_version. ' +
            '404 for an unknown reference.',
          params,
          response: { 200: practiceRecordVersionSchema, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const stored = await recordVersion(deps, machineGrantOf(request), kind, refOf(request));
        return reply.header('etag', etagOf(stored.version)).send(stored);
      },
    );

    app.put(
      `/${kind}/:${refField}`,
      {
        config,
        schema: {
          operationId: `put${operationName}`,
          summary: `Store one ${noun} by its reference: created (201), changed or unchanged (200)`,
          description:
            `${fieldsOf(kind)} Refused (422) as the import refuses the row: each issue names the field and why. ` +
            'With If-Match (or a `version` field) written only over that version of the record, else 409 ' +
            'stale_version; without, the last write wins. The answer’s ETag is the new version.',
          params,
          headers: recordWriteHeadersSchema,
          body,
          response: {
            200: practiceRecordWriteSchema,
            201: practiceRecordWriteSchema,
            409: apiErrorSchema,
            422: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const { created, write } = await upsertRecord(
          deps,
          machineGrantOf(request),
          kind,
          refOf(request),
          request.body,
          request.headers['if-match'],
        );
        return reply
          .code(created ? 201 : 200)
          .header('etag', etagOf(write.version))
          .send(write);
      },
    );

    app.post(
      `/${kind}/batch`,
      {
        bodyLimit: recordBatchMaxBytes,
        config,
        schema: {
          operationId: `put${operationName}Batch`,
          summary: `Store up to ${recordBatchMaxItems} ${noun} records; each item is answered on its own`,
          description:
            'Per item, as the import applies a file: the valid items are applied together (one transaction), ' +
            'each refused item is answered with its issues, and the others are applied all the same. ' +
            `Items are PUT bodies with their ${refField}, and optionally the \`version\` each was read at (an ` +
            'item whose record has changed since is refused, its issue naming stale_version). ' +
            `413 above ${recordBatchMaxItems} items.`,
          body: batch,
          response: { 200: practiceRecordBatchResultSchema, 409: apiErrorSchema, 413: apiErrorSchema },
        },
        onRequest: batchBytes,
        preValidation: batchSize,
      },
      (request) => upsertBatch(deps, machineGrantOf(request), kind, request.body.items),
    );

    const deactivateOptions = {
      operationId: `deactivate${operationName}`,
      summary: `Deactivate one ${noun} by its reference`,
      description:
        `${deactivation} Deactivating again answers unchanged. 404 for an unknown reference. ` +
        'With If-Match only over that version of the record, else 409 stale_version.',
      params,
      headers: recordWriteHeadersSchema,
      response: { 200: practiceRecordWriteSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    };
    const path = `/${kind}/:${refField}/deactivate`;
    const answered = (reply: FastifyReply, write: PracticeRecordWrite) =>
      reply.header('etag', etagOf(write.version)).send(write);
    if (kind === 'pets')
      app.post(
        path,
        { config, schema: { ...deactivateOptions, body: petDeactivationSchema } },
        async (request, reply) => {
          const { status } = request.body;
          const ifMatch = request.headers['if-match'];
          return answered(
            reply,
            await deactivate(deps, machineGrantOf(request), kind, refOf(request), status, ifMatch),
          );
        },
      );
    else
      app.post(path, { config, schema: deactivateOptions }, async (request, reply) =>
        answered(
          reply,
          await deactivate(
            deps,
            machineGrantOf(request),
            kind,
            refOf(request),
            undefined,
            request.headers['if-match'],
          ),
        ),
      );
  };
