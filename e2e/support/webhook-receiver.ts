// A local HTTP server standing in for Discord's webhook endpoint in the journeys: the demo site may
// post to it (WEBHOOK_ALLOW_HOSTS in playwright.config.ts). It keeps every post by address name
// (/api/webhooks/{name}/{token}) and answers 204, or 404 "Unknown Webhook" for a name told to refuse.
import { createServer, type Server } from 'node:http';

export const WEBHOOK_RECEIVER_PORT = 4391;
export const WEBHOOK_RECEIVER_HOST = `127.0.0.1:${WEBHOOK_RECEIVER_PORT}`;

/** A webhook address on the receiver. */
export const receiverAddress = (name: string) =>
  `http://${WEBHOOK_RECEIVER_HOST}/api/webhooks/${name}/e2e-token-0123456789abcdefghij`;

export interface Receiver {
  /** The embeds' titles posted to `name`, in order. */
  titles(name: string): string[];
  /** While true, posts to `name` are refused as Discord refuses a deleted webhook. */
  refuse(name: string, refused: boolean): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const posts = new Map<string, string[]>();
  const refused = new Set<string>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      const name = (req.url ?? '').split('/')[3] ?? '';
      if (refused.has(name)) {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"message":"Unknown Webhook","code":10015}');
        return;
      }
      const title = (JSON.parse(body) as { embeds?: { title?: string }[] }).embeds?.[0]?.title ?? '';
      posts.set(name, [...(posts.get(name) ?? []), title]);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(WEBHOOK_RECEIVER_PORT, '127.0.0.1', resolve));
  return {
    titles: (name) => posts.get(name) ?? [],
    refuse: (name, on) => (on ? refused.add(name) : refused.delete(name)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
