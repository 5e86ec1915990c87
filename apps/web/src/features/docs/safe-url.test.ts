import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url.ts';

describe('safeUrl', () => {
  it.each([
    'https://example.com/a?b=c#d',
    'http://example.com',
    'HTTPS://EXAMPLE.COM',
    'mailto:staff@example.com',
    'irc://irc.example.net/prison',
    'ircs://irc.example.net/prison',
    'xmpp:yard@example.com',
    '/docs?doc=rules',
    '?doc=gangs',
    '#gangs',
    'guides/joining',
    './a:b',
    '/a:b',
    '?q=a:b',
    '#a:b',
    '//cdn.example.com/image.png',
  ])('keeps %s', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'javascript\n:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com',
    'blob:https://example.com/1',
  ])('empties %s', (url) => {
    expect(safeUrl(url)).toBe('');
  });
});
