import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpDelivery } from './email-delivery.ts';
import { mimeLeaves } from './testing/mime-parts.ts';
import { startTestSmtpServer, type TestSmtpServer } from './testing/test-smtp-server.ts';

const from = '"Harbour Vets Client Portal" <no-reply@harbourvets.example>';
const calendar = (method: string) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', `METHOD:${method}`, 'END:VCALENDAR', ''].join(
    '\r\n',
  );

describe('an e-mail with a calendar invitation, as SMTP carries it', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(() => smtp.close());

  const send = async (method: string) => {
    const to = `owner-${randomUUID().slice(0, 8)}@example.com`;
    const delivery = smtpDelivery({ smtpUrl: smtp.url, from, timeoutMs: 2000 });
    await delivery.deliver({
      id: 1,
      to,
      subject: 'Your appointment is booked',
      text: 'Booked.',
      html: '<p>Booked.</p>',
      attachments: [
        {
          filename: 'appointment.ics',
          contentType: `text/calendar; charset=utf-8; method=${method}`,
          content: calendar(method),
        },
      ],
      status: 'pending',
      createdAt: new Date(),
    });
    delivery.close();
    const received = smtp.received.find((email) => email.to.includes(to));
    return mimeLeaves(received!.raw);
  };

  it.each(['REQUEST', 'CANCEL'])(
    'sends a %s as a text/calendar alternative with its method, and as an .ics file',
    async (method) => {
      const leaves = await send(method);
      const invitation = leaves.filter((leaf) => /^text\/calendar\b/i.test(leaf.headers['content-type']!));
      expect(invitation).toHaveLength(1);
      expect(invitation[0]!.headers['content-type']).toMatch(
        new RegExp(`^text/calendar; charset=utf-8; method=${method}$`, 'i'),
      );
      // Beside the text and the HTML, as Outlook and Gmail expect an invitation's part.
      expect(invitation[0]!.parents.at(-1)).toBe('multipart/alternative');
      expect(invitation[0]!.body).toBe(calendar(method));
      const siblings = leaves.filter((leaf) => leaf.parents.at(-1) === 'multipart/alternative');
      expect(siblings.map((leaf) => leaf.headers['content-type']!.split(';')[0])).toEqual([
        'text/plain',
        'text/html',
        'text/calendar',
      ]);
      const file = leaves.find((leaf) => /attachment/i.test(leaf.headers['content-disposition'] ?? ''));
      expect(file?.headers['content-type']).toMatch(/^application\/ics; name=appointment\.ics/i);
      expect(file?.body).toBe(calendar(method));
    },
  );
});
