import { once } from 'node:events';
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  to: string[];
  /** The whole message as sent (headers and MIME parts). */
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedEmail[];
  /** Connections the server has accepted (a pooled sender keeps reusing a few). */
  readonly connections: number;
  /**
   * Holds the next message once its data has arrived, until `release`: `arrived` settles when it is
   * there. A sender stopped meanwhile shows whether it waits for the message it is sending.
   */
  holdNext: () => { arrived: Promise<void>; release: () => void };
  close: () => Promise<void>;
}

/** A port on 127.0.0.1 that nothing listens on (until a test starts a server there): a mail server that is down. */
export async function unusedPort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  await once(probe, 'close');
  if (typeof address !== 'object' || address === null) throw new Error('No port');
  return address.port;
}

/**
 * A real SMTP server on loopback (the smtp-server package) that keeps what it accepts. `refuseFirstTry`
 * answers each recipient's first message with 451 (a temporary refusal: try again later); given a
 * function, only the first message of the recipients it picks.
 */
export async function startTestSmtpServer(
  options: { port?: number; refuseFirstTry?: boolean | ((to: string[]) => boolean) } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedEmail[] = [];
  const refused = new Set<string>();
  let hold: { arrived: () => void; released: Promise<void> } | undefined;
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: the server's built-in certificate is self-signed.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      const accept = async () => {
        const held = hold;
        hold = undefined;
        if (held) {
          held.arrived();
          await held.released;
        }
        const to = session.envelope.rcptTo.map((recipient) => recipient.address);
        const key = to.join(',');
        const refuse =
          typeof options.refuseFirstTry === 'function' ? options.refuseFirstTry(to) : options.refuseFirstTry;
        if (refuse && !refused.has(key)) {
          refused.add(key);
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        received.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      };
      stream.on('end', () => void accept());
    },
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server.server, 'listening');
  const address = server.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('No port');
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    get connections() {
      return connections;
    },
    holdNext: () => {
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const arrived = new Promise<void>((resolve) => (hold = { arrived: resolve, released }));
      return { arrived, release };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
