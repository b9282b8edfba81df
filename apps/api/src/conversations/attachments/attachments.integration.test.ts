import { eicar, startClamdStandIn, type ClamdStandIn } from '@vet/attachments/testing/clamd-stand-in';
import { gpsOf, metadataOf, phonePhoto, testFile, videoLocation } from '@vet/attachments/testing/phone-photo';
import { messageAttachmentSchema } from '@vet/contracts/messages';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { attachmentRow, countsOf, sendOnMessage, storedBytes } from './testing/attachment-scene.ts';
import { multipartBody } from './testing/multipart.ts';

/** Issue 66, "Attachments handled as untrusted": the owner's uploads, on real PostgreSQL and the database store. */
const database = useTestDatabase();
const { db } = database;
let clamd: ClamdStandIn;
beforeAll(async () => {
  clamd = await startClamdStandIn();
});
afterAll(() => clamd.close());
const { context, signedInClient } = useSignedInTestApp(database, {
  env: () => ({ CLAMD_ADDRESS: `tcp://127.0.0.1:${clamd.port}` }),
});

const upload = (authorization: string, bytes: Buffer, options?: Parameters<typeof multipartBody>[1]) => {
  const { payload, headers } = multipartBody(bytes, options);
  return context.app.inject({
    method: 'POST',
    url: '/v2/attachments',
    payload,
    headers: { ...headers, authorization },
  });
};
const call = (method: 'GET' | 'DELETE', id: number, authorization: string) =>
  context.app.inject({ method, url: `/v2/attachments/${id}`, headers: { authorization } });

describe('POST /v2/attachments', () => {
  it('stores a phone photo re-encoded, upright and without its GPS, scanned, as the client’s unsent file', async () => {
    const owner = await signedInClient();
    const original = await phonePhoto();
    expect(await gpsOf(original)).toBeDefined();
    const scansBefore = clamd.streamsScanned;
    const response = await upload(owner.authorization, original, { fileName: 'IMG_4032.JPG' });
    expect(response.statusCode, response.body).toBe(201);
    const attachment = messageAttachmentSchema.parse(response.json());
    expect(attachment).toMatchObject({
      kind: 'photo',
      contentType: 'image/jpeg',
      width: 1920,
      height: 2560,
      fileName: 'IMG_4032.jpg',
    });
    expect(clamd.streamsScanned).toBe(scansBefore + 1);

    const row = await attachmentRow(db, attachment.id);
    expect(row).toMatchObject({ clientId: owner.client.id, messageId: null, scanState: 'clean' });
    expect(row!.storageKey).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // The bytes as stored, which the practice's link serves: no EXIF at all, so no GPS.
    const stored = await storedBytes(db, row!.storageKey);
    expect(stored?.length).toBe(attachment.byteSize);
    expect(await gpsOf(stored!)).toBeUndefined();
    expect(await metadataOf(stored!)).toMatchObject({ format: 'jpeg', exif: undefined, xmp: undefined });

    const served = await call('GET', attachment.id, owner.authorization);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(stored!)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline; filename=IMG_4032.jpg',
      'cache-control': 'private, max-age=300',
      'content-security-policy': "default-src 'none'; sandbox",
      'accept-ranges': 'bytes',
    });
    // A video player's (Safari's) byte ranges: one range is 206, one past the end 416.
    const range = await context.app.inject({
      method: 'GET',
      url: `/v2/attachments/${attachment.id}`,
      headers: { authorization: owner.authorization, range: 'bytes=100-1099' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 100-1099/${stored!.length}`);
    expect(range.rawPayload.equals(stored!.subarray(100, 1100))).toBe(true);
    const beyond = await context.app.inject({
      method: 'GET',
      url: `/v2/attachments/${attachment.id}`,
      headers: { authorization: owner.authorization, range: `bytes=${stored!.length + 10}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${stored!.length}`);
  });

  it('accepts a phone’s HEIC photo as a JPEG', async () => {
    const owner = await signedInClient();
    const response = await upload(owner.authorization, await testFile('phone.heic'), {
      fileName: 'IMG_0007.HEIC',
      contentType: 'image/heic',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      contentType: 'image/jpeg',
      fileName: 'IMG_0007.jpg',
      width: 640,
      height: 480,
    });
    const row = await attachmentRow(db, response.json<{ id: number }>().id);
    expect((await metadataOf((await storedBytes(db, row!.storageKey))!)).format).toBe('jpeg');
  });

  it('keeps a video as sent but without the location in its metadata', async () => {
    const owner = await signedInClient();
    const response = await upload(owner.authorization, await testFile('phone.mov'), {
      fileName: 'IMG_0100.MOV',
      contentType: 'video/quicktime',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ kind: 'video', contentType: 'video/quicktime', width: null });
    const row = await attachmentRow(db, response.json<{ id: number }>().id);
    expect((await storedBytes(db, row!.storageKey))!.includes(videoLocation)).toBe(false);
  });

  it('refuses a file that claims to be a photo and is not, storing nothing', async () => {
    const owner = await signedInClient();
    const before = await countsOf(db, owner.client.id);
    const response = await upload(
      owner.authorization,
      Buffer.from('#!/bin/sh\necho not a photo\n'.repeat(300)),
      {
        fileName: 'photo.jpg',
        contentType: 'image/jpeg',
      },
    );
    expect(response.statusCode).toBe(415);
    const refusal = response.json<{ code: string; message: string }>();
    expect(refusal.code).toBe('not_a_photo_or_video');
    expect(refusal.message).toMatch(/not a photo or a video/);
    expect(await countsOf(db, owner.client.id)).toEqual(before);
  });

  it('refuses a 60 MB video as too large, storing nothing', async () => {
    const owner = await signedInClient();
    const before = await countsOf(db, owner.client.id);
    const movie = await testFile('phone.mov');
    const response = await upload(
      owner.authorization,
      Buffer.concat([movie, Buffer.alloc(60 * 1024 * 1024 - movie.length)]),
      {
        fileName: 'long.mov',
        contentType: 'video/quicktime',
      },
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'too_large' });
    expect(await countsOf(db, owner.client.id)).toEqual(before);
  });

  it('over real HTTP, refuses a streamed 60 MB video without waiting for all of it', async () => {
    const owner = await signedInClient();
    const address = await context.app.listen({ host: '127.0.0.1', port: 0 });
    const movie = await testFile('phone.mov');
    const { payload, headers } = multipartBody(
      Buffer.concat([movie, Buffer.alloc(60 * 1024 * 1024 - movie.length)]),
      { fileName: 'long.mov', contentType: 'video/quicktime' },
    );
    const response = await fetch(`${address}/v2/attachments`, {
      method: 'POST',
      headers: { ...headers, authorization: owner.authorization },
      body: payload,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'too_large' });
    expect((await countsOf(db, owner.client.id)).attachments).toBe(0);
  });

  it('refuses what the virus check finds, storing nothing', async () => {
    const owner = await signedInClient();
    const before = await countsOf(db, owner.client.id);
    // A real video carrying the EICAR test string in a free box: a valid file that the scanner flags.
    const movie = await testFile('phone.mov');
    const padding = Buffer.from(`....free${eicar}`);
    padding.writeUInt32BE(padding.length, 0);
    const response = await upload(owner.authorization, Buffer.concat([movie, padding]), {
      contentType: 'video/quicktime',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'infected' });
    expect(await countsOf(db, owner.client.id)).toEqual(before);
  });

  it('answers 400 for a request without a file', async () => {
    const owner = await signedInClient();
    const response = await context.app.inject({
      method: 'POST',
      url: '/v2/attachments',
      headers: { authorization: owner.authorization, 'content-type': 'application/json' },
      payload: { file: 'x' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET and DELETE /v2/attachments/:attachmentId', () => {
  it('answers another client’s attachment exactly like a missing one', async () => {
    const owner = await signedInClient();
    const other = await signedInClient();
    const { id } = (await upload(owner.authorization, await phonePhoto({ width: 320, height: 240 }))).json<{
      id: number;
    }>();
    for (const method of ['GET', 'DELETE'] as const) {
      const theirs = await call(method, id, other.authorization);
      const missing = await call(method, 2_000_000_000, other.authorization);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual(missing.json());
    }
    expect(await attachmentRow(db, id)).toBeDefined();
  });

  it('removes an unsent upload with its bytes, and refuses once it is on a sent message', async () => {
    const owner = await signedInClient();
    const photo = await phonePhoto({ width: 320, height: 240 });
    const draft = (await upload(owner.authorization, photo)).json<{ id: number }>();
    const key = (await attachmentRow(db, draft.id))!.storageKey;
    expect((await call('DELETE', draft.id, owner.authorization)).statusCode).toBe(204);
    expect(await attachmentRow(db, draft.id)).toBeUndefined();
    expect(await storedBytes(db, key)).toBeUndefined();
    expect((await call('GET', draft.id, owner.authorization)).statusCode).toBe(404);

    const sent = (await upload(owner.authorization, photo)).json<{ id: number }>();
    await sendOnMessage(db, owner.client.id, [sent.id]);
    const refused = await call('DELETE', sent.id, owner.authorization);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'already_sent' });
    expect((await call('GET', sent.id, owner.authorization)).statusCode).toBe(200);
  });
});

describe('the limits and the scanner', () => {
  it('answers 429 past the uploads a minute allows', async () => {
    const owner = await signedInClient();
    const tiny = await phonePhoto({ width: 16, height: 16 });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await upload(owner.authorization, tiny)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('stores nothing while the configured scanner gives no verdict (503)', async () => {
    const owner = await signedInClient();
    await clamd.close();
    const response = await upload(owner.authorization, await phonePhoto({ width: 64, height: 48 }));
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'scan_unavailable' });
    expect((await countsOf(db, owner.client.id)).attachments).toBe(0);
  });
});
