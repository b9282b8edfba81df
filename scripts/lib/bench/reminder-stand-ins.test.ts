import { describe, expect, it, onTestFinished } from 'vitest';
import { limitingFigure, parseReady, sendToStandIns, startStandInsProcess } from './reminder-stand-ins.ts';

describe("the reminder bench's stand-ins process", () => {
  it('reads the addresses from the READY line among other output', () => {
    const addresses = {
      smtpUrl: 'smtp://127.0.0.1:1',
      twilioUrl: 'http://127.0.0.1:2',
      accountSid: 'AC1',
      authToken: 't',
      controlUrl: 'http://127.0.0.1:3',
    };
    expect(parseReady('')).toBeUndefined();
    expect(parseReady('a warning\nREADY {"smtpUrl":')).toBeUndefined();
    expect(parseReady(`a warning\nREADY ${JSON.stringify(addresses)}\nmore\n`)).toEqual(addresses);
  });

  it('accepts e-mails and texts in a process of its own and counts them', async () => {
    const standIns = await startStandInsProcess();
    onTestFinished(() => standIns.stop());
    expect(standIns.pid).not.toBe(process.pid);
    expect(await standIns.counts()).toMatchObject({ emails: 0, texts: 0 });
    const sent = await sendToStandIns(standIns.addresses, {
      seconds: 0.5,
      lanes: 2,
      email: { to: 'a@example.com', subject: 'Hello', text: 'Hi', html: null, attachments: [] },
      sms: { to: '+447700900123', body: 'Hi' },
    });
    expect(sent.emails).toBeGreaterThan(0);
    expect(sent.texts).toBeGreaterThan(0);
    expect(await standIns.counts()).toMatchObject({ emails: sent.emails, texts: sent.texts });
    expect(standIns.cpuSeconds()).toBeGreaterThan(0);
  }, 60_000);
});

describe('which figure limits the send', () => {
  it('is the portal while it sends well below what the stand-ins take', () => {
    expect(limitingFigure(88, 600)).toBe('portal');
  });

  it('is the stand-ins once the portal sends at (nearly) their ceiling', () => {
    expect(limitingFigure(560, 600)).toBe('stand-ins');
    expect(limitingFigure(650, 600)).toBe('stand-ins');
  });
});
