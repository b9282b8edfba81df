import { gpsOf, phonePhoto } from '@vet/attachments/testing/phone-photo';
import { messageAttachments } from '@vet/db/schema/conversations';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEV_VERIFICATION_CODE_PEPPER } from '../../config/index.ts';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { attachmentLinkKey, attachmentLinkUrl } from '../attachment-links/index.ts';
import { sendOnMessage, storedBytes, attachmentRow } from './testing/attachment-scene.ts';
import { multipartBody } from './testing/multipart.ts';

/** The practice system's signed link to an attachment (decision 0165): the signature is the only key. */
const database = useTestDatabase();
const { db } = database;
const { context, signedInClient } = useSignedInTestApp(database);
const key = attachmentLinkKey(DEV_VERIFICATION_CODE_PEPPER);
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000);

async function uploaded() {
  const owner = await signedInClient();
  const { payload, headers } = multipartBody(await phonePhoto({ width: 800, height: 600 }), {
    fileName: 'IMG_1.JPG',
  });
  const response = await context.app.inject({
    method: 'POST',
    url: '/v2/attachments',
    payload,
    headers: { ...headers, authorization: owner.authorization },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { owner, id: response.json<{ id: number }>().id };
}

/** The link's path and query, as the practice system calls it (no authorization header). */
const follow = (url: string) => {
  const { pathname, search } = new URL(url);
  return context.app.inject({ method: 'GET', url: `${pathname}${search}` });
};

describe('GET /attachments/:attachmentId?expires&signature', () => {
  it('serves a sent message’s file to a valid link, with no sign-in', async () => {
    const { owner, id } = await uploaded();
    await sendOnMessage(db, owner.client.id, [id]);
    const response = await follow(attachmentLinkUrl('http://api.test', key, id, inAWeek()));
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
    });
    const row = await attachmentRow(db, id);
    expect(response.rawPayload.equals((await storedBytes(db, row!.storageKey))!)).toBe(true);
    // What the practice receives carries no location.
    expect(await gpsOf(response.rawPayload)).toBeUndefined();
  });

  it('answers 404, the same every time, to an unsent file, an expired link, a bad signature and an infected file', async () => {
    const draft = await uploaded();
    const sent = await uploaded();
    await sendOnMessage(db, sent.owner.client.id, [sent.id]);
    const answers = [
      await follow(attachmentLinkUrl('http://api.test', key, draft.id, inAWeek())),
      await follow(attachmentLinkUrl('http://api.test', key, sent.id, new Date(Date.now() - 1_000))),
      await follow(
        attachmentLinkUrl(
          'http://api.test',
          attachmentLinkKey('another-secret-of-thirty-two-chars!!'),
          sent.id,
          inAWeek(),
        ),
      ),
      await follow(
        attachmentLinkUrl('http://api.test', key, sent.id, inAWeek()).replace(
          /signature=.{3}/,
          'signature=AAA',
        ),
      ),
      await context.app.inject({ method: 'GET', url: `/attachments/${sent.id}` }),
    ];
    await db
      .update(messageAttachments)
      .set({ scanState: 'infected' })
      .where(eq(messageAttachments.id, sent.id));
    answers.push(await follow(attachmentLinkUrl('http://api.test', key, sent.id, inAWeek())));
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 400, 404]);
    const bodies = answers
      .filter((answer) => answer.statusCode === 404)
      .map((answer) => answer.json<object>());
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
  });
});
