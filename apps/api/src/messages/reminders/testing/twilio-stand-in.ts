import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message the stand-in accepted: what Twilio's Messages API would have been asked to send. */
export interface ReceivedSms {
  accountSid: string;
  to: string;
  from: string | null;
  body: string;
  sid: string;
}

export interface TwilioStandIn {
  /** The base URL to give twilioSmsDelivery (http://127.0.0.1:port). */
  url: string;
  accountSid: string;
  authToken: string;
  received: ReceivedSms[];
  /** Requests answered, accepted or not. */
  requests: number;
  /** Answer the next `count` requests with this status (503: down; 429: throttled; 400: refused). */
  failNext: (count: number, status: number, twilioCode?: number) => void;
  close: () => Promise<void>;
}

/**
 * A loopback stand-in for Twilio's Messages API (`POST /2010-04-01/Accounts/{sid}/Messages.json`), for
 * tests only: it checks the basic auth and the form as Twilio would (To in E.164, From or
 * MessagingServiceSid, Body), answers 201 with a message sid, and can be told to fail.
 */
export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const accountSid = `AC${'0123456789abcdef'.repeat(2)}`;
  const authToken = 'stand-in-auth-token-0123456789';
  let failures: { count: number; status: number; code?: number | undefined } = { count: 0, status: 0 };
  const state: TwilioStandIn = {
    url: '',
    accountSid,
    authToken,
    received: [],
    requests: 0,
    failNext: (count, status, code) => {
      failures = { count, status, code };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const answer = (response: ServerResponse, status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    state.requests += 1;
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (request.headers.authorization !== expectedAuth)
      return answer(response, 401, { code: 20003, status: 401 });
    if (request.method !== 'POST' || path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
      return answer(response, 404, { code: 20404, status: 404 });
    }
    if (failures.count > 0) {
      failures.count -= 1;
      return answer(response, failures.status, { code: failures.code ?? 0, status: failures.status });
    }
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const to = form.get('To') ?? '';
    const body = form.get('Body') ?? '';
    if (!/^\+[1-9]\d{6,14}$/.test(to)) return answer(response, 400, { code: 21211, status: 400 });
    if (!body || !(form.get('From') ?? form.get('MessagingServiceSid'))) {
      return answer(response, 400, { code: 21602, status: 400 });
    }
    const sid = `SM${String(state.received.length).padStart(32, '0')}`;
    state.received.push({ accountSid, to, from: form.get('From'), body, sid });
    return answer(response, 201, { sid, status: 'queued', to, body });
  };
  const server = createServer((request, response) => {
    handle(request, response).catch(() => answer(response, 500, { code: 0, status: 500 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
