import { createServer, type Server, type Socket } from 'node:net';

/**
 * A stand-in for clamd's TCP protocol, for tests (clamd cannot fetch signatures here, so a real one finds
 * nothing). Each reply is the one clamd documents
 * (https://docs.clamav.net/manual/Usage/ClamdProtocol.html, and clamd(8)):
 * - commands start with `z` (ended by NUL) or `n` (ended by newline), and replies end the same way; an
 *   unprefixed command (the old form, which clamd(8) only recommends against: the `clamscan` package's
 *   PING is one) ends with a newline or with what was received, and is answered with a newline;
 * - `PING` answers `PONG`; `VERSION` answers "ClamAV <version>/<db version>/<db date>";
 * - `INSTREAM`: chunks of a 4-byte unsigned length in network byte order and its bytes, until a length of
 *   zero; then `stream: OK`, or `stream: <signature> FOUND`; past StreamMaxLength, `INSTREAM size limit
 *   exceeded. ERROR` and the connection closes.
 * It "finds" a file holding the EICAR test string (https://www.eicar.org/download-anti-malware-testfile/),
 * as a real clamd does with its `Eicar-Test-Signature`.
 */
export const eicar = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!H+H*';

export interface ClamdStandIn {
  port: number;
  /** INSTREAM commands received (a test proves a scan really went through the socket). */
  streamsScanned: number;
  close(): Promise<void>;
}

export async function startClamdStandIn(streamMaxLength = 64 * 1024 * 1024): Promise<ClamdStandIn> {
  const state = { streamsScanned: 0 };
  const server: Server = createServer((socket) => serve(socket, state, streamMaxLength));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the clamd stand-in has no port');
  return {
    port: address.port,
    get streamsScanned() {
      return state.streamsScanned;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function serve(socket: Socket, state: { streamsScanned: number }, streamMaxLength: number): void {
  let buffer = Buffer.alloc(0);
  let command: { name: string; end: string } | undefined;
  const chunks: Buffer[] = [];
  let streamed = 0;
  socket.on('data', (data) => {
    buffer = Buffer.concat([buffer, data]);
    if (!command) {
      const prefix = buffer.toString('latin1', 0, 1);
      const prefixed = prefix === 'z' || prefix === 'n';
      const end = prefix === 'z' ? '\0' : '\n';
      const found = buffer.indexOf(end);
      if (found < 0 && prefixed) return;
      const at = found < 0 ? buffer.length : found;
      command = { name: buffer.toString('latin1', prefixed ? 1 : 0, at), end };
      buffer = buffer.subarray(Math.min(at + 1, buffer.length));
      if (command.name === 'PING') return void socket.end(`PONG${end}`);
      if (command.name === 'VERSION')
        return void socket.end(`ClamAV 1.4.3/27500/Sun Nov 29 08:00:00 2026${end}`);
      if (command.name !== 'INSTREAM') return void socket.end(`UNKNOWN COMMAND${end}`);
      state.streamsScanned += 1;
    }
    while (buffer.length >= 4) {
      const length = buffer.readUInt32BE(0);
      if (length === 0) {
        const text = Buffer.concat(chunks).toString('latin1');
        return void socket.end(
          text.includes(eicar)
            ? `stream: Eicar-Test-Signature FOUND${command.end}`
            : `stream: OK${command.end}`,
        );
      }
      if (buffer.length < 4 + length) return;
      streamed += length;
      if (streamed > streamMaxLength)
        return void socket.end(`INSTREAM size limit exceeded. ERROR${command.end}`);
      chunks.push(buffer.subarray(4, 4 + length));
      buffer = buffer.subarray(4 + length);
    }
  });
  socket.on('error', () => socket.destroy());
}
