import { describe, expect, it } from 'vitest';
import { escapeHtml, metaTags, withMeta } from './page-meta.ts';

const INDEX =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Vaultbreak — Prison server community</title>\n' +
  '    <meta\n      name="description"\n      content="The generic description."\n    />\n' +
  '<link rel="icon" href="/favicon.svg" /></head><body><div id="root"></div></body></html>';

describe('page meta', () => {
  it('escapes every character that could end an attribute or open a tag', () => {
    expect(escapeHtml(`"><script>alert('x')</script>&amp;`)).toBe(
      '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;amp;',
    );
  });

  it("replaces index.html's title and description with the page's own tags, once", () => {
    const html = withMeta(
      INDEX,
      { title: 'A & B', description: 'About <it>', path: '/x?doc=a&b=c' },
      'https://s.example',
    );
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>A &amp; B</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="About &lt;it&gt;">');
    expect(html).not.toContain('generic description');
    expect(html).toContain('<link rel="canonical" href="https://s.example/x?doc=a&amp;b=c">');
    expect(html).toContain('<meta charset="UTF-8" />');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" />');
  });

  it('adds the tags before </head> when index.html has no title', () => {
    const html = withMeta(
      '<html><head></head><body></body></html>',
      { title: 'T', description: 'D', path: '/' },
      'http://h',
    );
    expect(html).toMatch(/^<html><head><title>T<\/title>.*<\/head><body>/);
  });

  it('names a large image card only for a page with an image, and asks not to index a missing page', () => {
    const plain = metaTags({ title: 'T', description: 'D', path: '/p' }, 'http://h');
    expect(plain).toContain('<meta name="twitter:card" content="summary">');
    expect(plain).not.toContain('og:image');
    expect(plain).not.toContain('robots');
    const card = metaTags(
      {
        title: 'T',
        description: 'D',
        path: '/p',
        image: { path: '/i.png?v=1', alt: 'A' },
        noindex: true,
        type: 'profile',
      },
      'http://h',
    );
    expect(card).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(card).toContain('<meta property="og:image" content="http://h/i.png?v=1">');
    expect(card).toContain('<meta property="og:image:width" content="1200">');
    expect(card).toContain('<meta property="og:image:height" content="630">');
    expect(card).toContain('<meta property="og:type" content="profile">');
    expect(card).toContain('<meta name="robots" content="noindex">');
  });
});
