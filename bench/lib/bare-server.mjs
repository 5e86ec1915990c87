// The yardstick: a bare node:http server that answers every request with the same bytes as the API.
// Run as its own process (like the API server) so that it is measured apart from autocannon.
// Usage: node bench/lib/bare-server.mjs <body-file> [<headers-json-file>]; prints {"port": n} once
// listening. Without a headers file it sends only content-type and content-length.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [bodyFile = '', headersFile] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const headers = headersFile
  ? { ...JSON.parse(readFileSync(headersFile, 'utf8')), 'content-length': body.length }
  : { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length };

const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
