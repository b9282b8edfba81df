/**
 * The machine's floor for the appointments benchmark: bare node:http answering a small JSON body, run as
 * its own process like the API, so the same load generator measures what HTTP alone costs here.
 */
import { createServer } from 'node:http';

const port = Number(process.argv[2] ?? 4060);
const body = JSON.stringify({ ok: true, slots: [] });

createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}).listen(port, '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
