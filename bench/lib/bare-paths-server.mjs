// The yardstick for an endpoint measured over several addresses (e.g. a mix of search queries): a
// bare node:http server answering each path with the very bytes and headers the API answered it
// with, looked up by the request's path and query. Run as its own process, like bare-server.mjs.
// Usage: node bench/lib/bare-paths-server.mjs <answers-json-file>, the file mapping each path to
// {body: base64, headers: {...}}; prints {"port": n} once listening. Unknown paths get a 404.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [answersFile = ''] = process.argv.slice(2);
const answers = new Map(
  Object.entries(JSON.parse(readFileSync(answersFile, 'utf8'))).map(([path, answer]) => {
    const body = Buffer.from(answer.body, 'base64');
    return [path, { body, headers: { ...answer.headers, 'content-length': body.length } }];
  }),
);

const server = createServer((request, response) => {
  const answer = answers.get(request.url);
  if (!answer) {
    response.writeHead(404, { 'content-length': 0 });
    response.end();
    return;
  }
  response.writeHead(200, answer.headers);
  response.end(answer.body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
