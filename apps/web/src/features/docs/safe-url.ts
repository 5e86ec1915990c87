// Spec 5 Markdown: link and image addresses are kept only for http, https, irc, ircs, mailto and
// xmpp, or when relative; any other address (javascript:, data:, vbscript:...) becomes empty.
const SAFE_PROTOCOL = /^(?:https?|ircs?|mailto|xmpp)$/i;

export function safeUrl(url: string): string {
  const colon = url.indexOf(':');
  const before = (char: string) => {
    const at = url.indexOf(char);
    return at !== -1 && at < colon;
  };
  // No colon, or one after a path, query or fragment began: a relative address.
  if (colon === -1 || before('/') || before('?') || before('#')) return url;
  return SAFE_PROTOCOL.test(url.slice(0, colon)) ? url : '';
}

/** Whether a (safe) address is a page of this site, which the app follows itself. */
export const isInSite = (href: string) =>
  (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) || href.startsWith('?');
