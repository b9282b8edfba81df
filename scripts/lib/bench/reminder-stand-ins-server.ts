/**
 * The reminder bench's SMTP server and Twilio stand-in, run as a process of their own (started by
 * `startStandInsProcess` in reminder-stand-ins.ts) so that their CPU is measured apart from the worker's.
 * They accept as fast as they can. A third loopback server answers GET /counts with what they have
 * accepted so far; the messages themselves are counted and dropped (a full run's would fill the memory).
 * Prints one line, `READY {json}`, once all three listen.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestSmtpServer } from '@vet/email/testing/test-smtp-server';
import { startTwilioStandIn } from '../../../apps/api/src/messages/reminders/testing/twilio-stand-in.ts';
import { READY_PREFIX, type StandInsAddresses, type StandInsCounts } from './reminder-stand-ins.ts';

const smtp = await startTestSmtpServer();
const twilio = await startTwilioStandIn();
const counts: StandInsCounts = { emails: 0, texts: 0, smtpConnections: 0 };
const drain = () => {
  counts.emails += smtp.received.splice(0).length;
  counts.texts += twilio.received.splice(0).length;
  counts.smtpConnections = smtp.connections;
  return counts;
};
// Between the bench's polls too: the messages are held only until counted.
setInterval(drain, 1_000).unref();

const control = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/counts') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(drain()));
    return;
  }
  response.writeHead(404).end();
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));

const addresses: StandInsAddresses = {
  smtpUrl: smtp.url,
  twilioUrl: twilio.url,
  accountSid: twilio.accountSid,
  authToken: twilio.authToken,
  controlUrl: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
};
console.log(`${READY_PREFIX}${JSON.stringify(addresses)}`);

process.on('SIGTERM', () => {
  control.close();
  void Promise.all([smtp.close(), twilio.close()]).finally(() => process.exit(0));
  // Pooled senders may keep connections open: do not wait on them for long.
  setTimeout(() => process.exit(0), 2_000).unref();
});
