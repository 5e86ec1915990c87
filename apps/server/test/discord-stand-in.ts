// A local OAuth2 server standing in for Discord's (issue 33): a real oidc-provider on 127.0.0.1 with
// one client, the site, that must use PKCE (S256) and authenticates with its secret (HTTP Basic, as
// Discord accepts). Its development sign-in pages take any name (and any password): the name is the
// Discord account. Beside the provider's own endpoints it serves the account the way Discord's
// GET /users/@me does ({id, username, global_name}), and the way an OpenID provider's userinfo does
// ({sub, preferred_username, name}), each for a bearer token the provider itself issued. The
// server's tests start it in-process; the end-to-end journeys run e2e/support/discord-stand-in.ts.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface DiscordStandIn {
  /** http://127.0.0.1:port, the provider's issuer. */
  origin: string;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** The account as Discord answers it: {id, username, global_name}. */
  userUrl: string;
  /** The account as an OpenID provider's userinfo answers it: {sub, preferred_username, name}. */
  openIdUserUrl: string;
  /** The DISCORD_* settings that point a site at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** The snowflake-like id the stand-in gives the account named `name` (the same name, the same id). */
export function discordIdOf(name: string): string {
  const digest = createHash('sha256').update(name.toLowerCase()).digest();
  return (BigInt(`0x${digest.subarray(0, 7).toString('hex')}`) + 100_000_000_000_000_000n).toString();
}

/** Discord's user names are lower case; the display name keeps what was typed. */
const discordUser = (name: string) => ({
  id: discordIdOf(name),
  username: name.toLowerCase(),
  global_name: name,
});

export async function startDiscordStandIn({
  redirectUris,
  port = 0,
  clientId = 'prison-site',
  clientSecret = randomBytes(24).toString('base64url'),
  quiet = true,
}: {
  /** The site's callback addresses, exactly as the site sends them. */
  redirectUris: string[];
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** Hide the provider's warnings that its sign-in pages and keys are for development only. */
  quiet?: boolean;
}): Promise<DiscordStandIn> {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const warn = console.warn;
  if (quiet) console.warn = () => {};
  let provider: Provider;
  try {
    provider = new Provider(origin, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      // Discord's scope for reading the account; the site asks for nothing else.
      scopes: ['identify'],
      pkce: { required: () => true },
      features: { devInteractions: { enabled: true } },
      findAccount: (_ctx, id) => ({
        accountId: id,
        claims: () => ({ sub: id, preferred_username: id, name: id }),
      }),
      cookies: { keys: [randomBytes(32).toString('base64url')] },
      // Its own lifetimes (in seconds), so that it does not warn that the defaults are used.
      ttl: { AccessToken: 600, AuthorizationCode: 600, Grant: 3600, Interaction: 3600, Session: 3600 },
    });
  } finally {
    console.warn = warn;
  }

  // The account endpoints, for a token of this provider's own.
  provider.use(async (ctx, next) => {
    const shape = ctx.path === '/users/@me' ? 'discord' : ctx.path === '/userinfo' ? 'openid' : null;
    if (!shape || ctx.method !== 'GET') return next();
    const token = /^Bearer (.+)$/i.exec(ctx.get('authorization'))?.[1];
    const found = token ? await provider.AccessToken.find(token) : undefined;
    if (!found?.accountId) {
      ctx.status = 401;
      ctx.body = { message: '401: Unauthorized', code: 0 };
      return;
    }
    ctx.body =
      shape === 'discord'
        ? discordUser(found.accountId)
        : { sub: found.accountId, preferred_username: found.accountId, name: found.accountId };
  });
  handle = provider.callback();

  const urls = {
    authorizeUrl: `${origin}/auth`,
    tokenUrl: `${origin}/token`,
    userUrl: `${origin}/users/@me`,
    openIdUserUrl: `${origin}/userinfo`,
  };
  return {
    origin,
    clientId,
    clientSecret,
    ...urls,
    env: {
      DISCORD_CLIENT_ID: clientId,
      DISCORD_CLIENT_SECRET: clientSecret,
      DISCORD_AUTHORIZE_URL: urls.authorizeUrl,
      DISCORD_TOKEN_URL: urls.tokenUrl,
      DISCORD_USER_URL: urls.userUrl,
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Cookies per origin, as a browser keeps them across one journey (names and values only). */
class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>();

  header(url: URL): string {
    return [...(this.jars.get(url.origin) ?? [])].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  keep(url: URL, response: Response): void {
    const jar = this.jars.get(url.origin) ?? new Map<string, string>();
    this.jars.set(url.origin, jar);
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at < 1) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/;\s*max-age=0/i.test(line) || /;\s*expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
  }
}

/** The hidden fields and the action of the first form of a provider page. */
function formOf(html: string, page: URL): { action: URL; fields: Record<string, string> } {
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error(`no form on ${page}: ${html.slice(0, 200)}`);
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input[^>]*type="hidden"[^>]*>/gi)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
    if (name) fields[name] = value;
  }
  return { action: new URL(form[1]!.replace(/&amp;/g, '&'), page), fields };
}

/**
 * Goes through the stand-in's pages as a person in a browser would, headlessly: from the site's
 * authorize address, signs in as `account` (any password) and allows the site, then answers the
 * address the provider sends the browser back to (the site's callback, with its code and state, or
 * an error). `deny` presses the consent page's cancel instead.
 */
export async function authorizeAs(
  authorizeUrl: string,
  account: string,
  { callbackPrefix, deny = false }: { callbackPrefix: string; deny?: boolean },
): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizeUrl);
  let post: URLSearchParams | null = null;
  for (let hop = 0; hop < 20; hop++) {
    if (url.href.startsWith(callbackPrefix)) return url;
    const response = await fetch(url, {
      method: post ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(url),
        ...(post ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: post,
    });
    jar.keep(url, response);
    post = null;
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url);
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${html.slice(0, 300)}`);
    const { action, fields } = formOf(html, url);
    if (fields.prompt === 'login') {
      post = new URLSearchParams({ ...fields, login: account, password: 'any password' });
    } else if (deny) {
      url = new URL(/href="([^"]*\/abort)"/.exec(html)?.[1] ?? `${action.pathname}/../abort`, url);
      continue;
    } else {
      post = new URLSearchParams(fields);
    }
    url = action;
  }
  throw new Error('the provider kept redirecting');
}
