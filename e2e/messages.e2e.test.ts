import { gpsOf, phonePhoto, takenAt } from '@vet/attachments/testing/phone-photo';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { press } from './support/actions.ts';
import { checkTimeClearOfNotice } from './support/booking.ts';
import { expectConsoleError, useBrowser } from './support/browser.ts';
import { deleteBookedSince, reasonRef, seedAnswer, seedMessagingScene } from './support/messages.ts';
import { readFeed, writeAsPracticeSystem } from './support/practice-system.ts';
import { acceptCookies } from './support/onboarding.ts';
import { checkAtBothWidths, screenshots } from './support/screenshots.ts';
import { phone390 } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';

/**
 * Messages with the practice (issue 66), the owner's side: Olivia writes about Bramble from Bramble's page,
 * told first when to call instead; the practice's answer suggests a booking, which she books from it.
 * Axe-clean at 390 and 1440 px on each page. Then the "Done when": a phone photo carrying where it
 * was taken goes with a message (the file the practice system downloads has no location), the practice
 * system answers through the integration API suggesting a booking, Olivia is e-mailed (the development
 * mailbox), opens the link, reads the answer and books from it.
 */
const account = DEMO_ACCOUNT.manyPets;
const shot = screenshots('/tmp/shots-B');

const checkBothWidths = checkAtBothWidths(shot);

/**
 * The answer's "Book General consultation": the booking page for the conversation's pet and that reason,
 * a time booked there, and the booking removed again so the next journey finds the times free.
 */
async function bookTheSuggestion(page: Page, databaseUrl: string, petId: number): Promise<void> {
  const booked = new Date();
  await press(page.getByRole('link', { name: 'Book General consultation' }));
  await page.waitForURL((url) => url.pathname === '/appointments/book');
  const query = new URL(page.url()).searchParams;
  expect([query.get('petId'), query.get('reasonId')]).toEqual([String(petId), expect.any(String)]);
  await page.getByRole('tablist', { name: 'Days' }).waitFor();
  await checkTimeClearOfNotice(page);
  await press(page.getByRole('button', { name: 'Continue' }));
  await press(page.getByRole('button', { name: 'Confirm booking' }));
  await page.getByRole('heading', { level: 2, name: 'Your appointment is booked' }).waitFor();
  await page.getByRole('button', { name: /^Tell me if an earlier time comes up for / }).waitFor();
  expect(await deleteBookedSince(databaseUrl, petId, booked)).toBe(1);
}

describe('messages with the practice', () => {
  const { newPage } = useBrowser();

  it('writes about a pet after the call advice, keeps the text on a failure, sends once, and books from the answer', async () => {
    const databaseUrl = inject('e2eDatabaseUrl');
    const scene = await seedMessagingScene(account, 'Bramble', databaseUrl);
    const page = await newPage(phone390);
    await signIn(page, account, `/pets/${scene.petId}`);
    await acceptCookies(page);

    await page.getByRole('link', { name: 'Message the practice about Bramble' }).click();
    await page.waitForURL((url) => url.pathname === '/messages/new');
    await page.getByRole('heading', { level: 1, name: 'Write to the practice' }).waitFor();
    // Before writing, always: urgent means call, with the number and the 24-hour emergency vets.
    const urgent = page.getByText('Messages are not for emergencies.', { exact: false });
    await urgent.waitFor();
    await page.getByRole('link', { name: `Call ${scene.practiceName} on ${scene.practicePhone}` }).waitFor();
    await page
      .getByRole('link', { name: /24-hour emergency vets/ })
      .first()
      .waitFor();
    await page.getByText(`${scene.practiceName} answers messages within 4 opening hours.`).waitFor();
    expect(await page.getByLabel('What is it about?').inputValue()).toBe(String(scene.petId));
    await checkBothWidths(page, 'write');

    // Nothing written: the reason, tied to the field.
    const text = page.getByRole('textbox', { name: 'Your message' });
    await press(page.getByRole('button', { name: 'Send message' }));
    await expect.poll(() => text.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => text.getAttribute('aria-describedby')).toMatch(/error/);
    await page.getByText('Write your message.').waitFor();

    // The API unreachable: the message stays, and the owner is told it was not sent.
    const body = 'Bramble has a small cut on her front paw. Should we bring her in?';
    await text.fill(body);
    await page.getByText(`${body.length} of 5,000 characters`).waitFor();
    await page.route('**/bff/v2/messages', (route) => route.fulfill({ status: 503, body: '' }));
    expectConsoleError(page, /503/);
    await press(page.getByRole('button', { name: 'Send message' }));
    await page.getByRole('alert').getByText('Your message was not sent').waitFor();
    expect(await text.inputValue()).toBe(body);
    await checkBothWidths(page, 'write-failed');

    // A reload brings back what was written (the tab's draft); back on line, a double click sends it once.
    await page.unroute('**/bff/v2/messages');
    await page.reload();
    await expect.poll(() => text.inputValue()).toBe(body);
    await page.getByRole('button', { name: 'Send message' }).dblclick();
    await page.waitForURL((url) => /^\/messages\/\d+$/.test(url.pathname));
    const conversationId = Number(new URL(page.url()).pathname.split('/')[2]);
    await page.getByRole('heading', { level: 1, name: 'About Bramble' }).waitFor();
    const mine = page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    await mine.getByText(body).waitFor();
    expect(await mine.count()).toBe(1);
    await mine.getByText('Sent', { exact: true }).waitFor();
    await checkBothWidths(page, 'conversation-sent');

    // The practice answers, suggesting a consultation (part C's route writes this; the row is the same).
    await seedAnswer(databaseUrl, conversationId, {
      body: 'Thank you. A small cut should be seen: please book a consultation.',
      authorName: 'Sam, veterinary nurse',
      reasonName: 'General consultation',
    });
    await page.goto('/messages');
    const listed = page.getByRole('list', { name: 'Your conversations' }).getByRole('listitem').first();
    await listed.getByText('1 new answer').waitFor();
    await checkBothWidths(page, 'list');
    await listed.getByRole('link', { name: 'About Bramble' }).click();
    await page.getByText('Sam, veterinary nurse').waitFor();
    await page.getByText('Answered', { exact: true }).waitFor();
    await checkBothWidths(page, 'conversation-answered');

    await bookTheSuggestion(page, databaseUrl, scene.petId);
  });

  it('sends a phone photo without its location, and books from the answer the practice system sent', async () => {
    const databaseUrl = inject('e2eDatabaseUrl');
    const scene = await seedMessagingScene(account, 'Bramble', databaseUrl);
    const page = await newPage(phone390);
    await signIn(page, account, '/messages');
    await acceptCookies(page);
    await page.goto(`/messages/new?petId=${scene.petId}`);

    const photo = await phonePhoto();
    const where = await gpsOf(photo);
    expect(where?.latitude).toBeCloseTo(takenAt.latitude, 3);
    expect(where?.longitude).toBeCloseTo(takenAt.longitude, 3);
    await page.getByLabel('Add photos or a video').setInputFiles({
      name: 'IMG_4821.JPG',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    const draft = page.getByRole('list', { name: 'Files to send' }).getByRole('listitem');
    await draft.getByText('Ready to send').waitFor({ timeout: 15_000 });
    await checkBothWidths(page, 'write-with-photo');
    // A reload keeps the uploaded photo on the draft.
    await page.reload();
    await draft.filter({ hasText: 'IMG_4821.JPG' }).getByText('Ready to send').waitFor();
    await page
      .getByRole('textbox', { name: 'Your message' })
      .fill('This rash appeared on Bramble’s belly today.');
    await press(page.getByRole('button', { name: 'Send message' }));
    await page.waitForURL((url) => /^\/messages\/\d+$/.test(url.pathname));
    const conversationId = Number(new URL(page.url()).pathname.split('/')[2]);
    await page.getByRole('link', { name: /^Photo: IMG_4821/ }).waitFor();

    // What the practice system receives: message.sent with a signed link to the re-encoded photo.
    let sent: { attachments: { url: string }[] } | undefined;
    await expect
      .poll(async () => {
        const event = (await readFeed()).find(
          (e) => e.type === 'message.sent' && e.data['conversation_id'] === conversationId,
        );
        sent = event?.data as typeof sent;
        return sent?.attachments.length;
      })
      .toBe(1);
    const download = await fetch(sent!.attachments[0]!.url);
    expect(download.status).toBe(200);
    expect(await gpsOf(Buffer.from(await download.arrayBuffer()))).toBeUndefined();

    // The practice system answers, suggesting a consultation.
    await writeAsPracticeSystem(
      'POST',
      `practices/${encodeURIComponent(scene.practiceRef)}/conversations/${conversationId}/messages`,
      {
        message_ref: `MSG-${crypto.randomUUID().slice(0, 8)}`,
        body: 'Thank you for the photo. Please book a consultation so the vet can look at it.',
        author_name: 'Sam, veterinary nurse',
        suggested_reason_ref: await reasonRef(databaseUrl, 'General consultation'),
      },
    );

    // The e-mail says an answer is waiting, without its text, and links to the conversation.
    const entry = page
      .getByRole('button', {
        name: new RegExp(`has answered your message about Bramble.*To ${account.email}`),
      })
      .first();
    await expect
      .poll(
        async () => {
          await page.goto('/dev/mailbox');
          await page.getByRole('list', { name: 'E-mails, newest first' }).waitFor();
          return entry.count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    await entry.click();
    const email = page.getByRole('article');
    await email.getByRole('link', { name: `${inject('portalUrl')}/messages/${conversationId}` }).waitFor();
    expect(await email.getByText('Please book a consultation so the vet').count()).toBe(0);
    await page.goto(`/messages/${conversationId}`);
    await page.getByText('Sam, veterinary nurse').waitFor();
    await page.getByText('Answered', { exact: true }).waitFor();
    await checkBothWidths(page, 'answer-from-practice-system');

    await bookTheSuggestion(page, databaseUrl, scene.petId);
  });
});
