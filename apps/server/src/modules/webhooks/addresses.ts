// Which addresses the site posts to, and how an address is shown. Addresses must be https on
// Discord's own hosts with a webhook's path, unless WEBHOOK_ALLOW_HOSTS names their host:port:
// checked when an owner adds one, and again before each turn of the sender (a setting changed, a
// backup restored elsewhere).
import { DISCORD_WEBHOOK_HOSTS, WEBHOOK_URL_RULE } from '@prison/shared/webhooks';
import { DomainError, invalid } from '../../errors.ts';

// Discord's webhook path: /api[/v10]/webhooks/{id}/{token}; a thread's id may be asked for.
const DISCORD_PATH = /^\/api(?:\/v\d{1,2})?\/webhooks\/(\d{5,25})\/([\w-]{20,100})\/?$/;

/**
 * Checks a webhook address: https on Discord's own hosts, with a webhook's path; or any path, over
 * http or https, on a host:port WEBHOOK_ALLOW_HOSTS names. Nothing else: an owner's typo, or
 * someone who took over the console, cannot point the site at its own network.
 */
export function checkAddress(raw: string, allowHosts: readonly string[]): string {
  const url = URL.canParse(raw) ? new URL(raw) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw invalid('webhook_address_refused', WEBHOOK_URL_RULE);
  }
  if (url.username || url.password || url.hash) {
    throw invalid('webhook_address_refused', `${WEBHOOK_URL_RULE}: without a user, password or #fragment`);
  }
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  if (allowHosts.includes(`${url.hostname.toLowerCase()}:${port}`)) return url.href;
  if (!DISCORD_WEBHOOK_HOSTS.includes(url.hostname.toLowerCase())) {
    throw invalid(
      'webhook_address_refused',
      `Webhook addresses go to Discord (${DISCORD_WEBHOOK_HOSTS[0]}): ${url.host} is not one of its hosts, and WEBHOOK_ALLOW_HOSTS does not name it`,
    );
  }
  if (url.protocol !== 'https:' || port !== '443') {
    throw invalid('webhook_address_refused', `${WEBHOOK_URL_RULE}: over https, on its usual port`);
  }
  const extra = [...url.searchParams.keys()].filter((key) => key !== 'thread_id');
  if (!DISCORD_PATH.test(url.pathname) || extra.length > 0) {
    throw invalid('webhook_address_refused', WEBHOOK_URL_RULE);
  }
  return url.href;
}

/**
 * The address as it may be shown: its path's last two parts cut to the first four and the last four
 * characters (a Discord webhook's id and token), the rest as it is, so that an owner tells their
 * addresses apart without the console ever showing one whole.
 */
export function maskAddress(address: string): string {
  const url = new URL(address);
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts.length < 2) return `${url.origin}/…${`${url.pathname}${url.search}`.slice(-4)}`;
  const [id, token] = parts.slice(-2) as [string, string];
  const head = parts
    .slice(0, -2)
    .map((part) => `${part}/`)
    .join('');
  return `${url.origin}/${head}${id.slice(0, 4)}…/…${token.slice(-4)}`;
}

/** Why the site may not post to `address` now; null when it may. */
export function addressRefusal(address: string, allowHosts: readonly string[]): string | null {
  try {
    checkAddress(address, allowHosts);
    return null;
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return `The site no longer posts to this address: ${err.detail}`;
  }
}
