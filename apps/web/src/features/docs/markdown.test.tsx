import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { loadRawHtmlSupport, Markdown } from './markdown.tsx';

// Content with HTML waits for the HTML parser, loaded on demand; loaded here, it renders at once.
beforeAll(() => loadRawHtmlSupport());

function renderMarkdown(content: string) {
  const { container } = renderRoute(<Markdown content={content} />);
  return container;
}

describe('Markdown', () => {
  it('renders GitHub-flavoured markdown: tables, task lists, strikethrough, code', () => {
    const root = renderMarkdown(
      [
        '## Ranks',
        '',
        '| Rank | Level |',
        '|---|---|',
        '| CADET | 10 |',
        '',
        '- [x] joined',
        '- [ ] ranked up',
        '',
        '~~old~~ `/mine`',
        '',
        '```',
        '/gang create <name>',
        '```',
      ].join('\n'),
    );
    // The page's h1 is "Docs" and the title an h2, so a doc's "##" is an h3.
    expect(screen.getByRole('heading', { level: 3, name: 'Ranks' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Rank' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'CADET' })).toBeInTheDocument();
    expect(screen.getByText('Done:')).toBeInTheDocument();
    expect(screen.getByText('To do:')).toBeInTheDocument();
    expect(root.querySelector('input')).toBeNull();
    expect(root.querySelector('del')).toHaveTextContent('old');
    expect(root.querySelector('pre code')).toHaveTextContent('/gang create <name>');
  });

  it('keeps harmless raw HTML', () => {
    const root = renderMarkdown('<details><summary>More</summary>Hidden <kbd>Ctrl</kbd></details>');
    expect(root.querySelector('details summary')).toHaveTextContent('More');
    expect(root.querySelector('kbd')).toHaveTextContent('Ctrl');
  });

  it('links inside the site through the router, and opens other sites in a new tab', () => {
    renderMarkdown('[rules](/docs?doc=rules) [site](https://example.com/a) [mail](mailto:staff@example.com)');
    expect(screen.getByRole('link', { name: 'rules' })).toHaveAttribute('href', '/docs?doc=rules');
    const external = screen.getByRole('link', { name: /site/ });
    expect(external).toHaveAttribute('href', 'https://example.com/a');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:staff@example.com');
  });

  it.each([
    ['[x](javascript:alert(1))'],
    ['<a href="javascript:alert(1)">x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>'],
    ['<a href=" javascript:alert(1)">x</a>'],
    ['[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['<a href="vbscript:msgbox(1)">x</a>'],
  ])('empties the address of %s', (content) => {
    const root = renderMarkdown(content);
    expect(screen.getByText('x')).toBeInTheDocument();
    expect(root.querySelector('[href]')).toBeNull();
  });

  it.each([
    ['<script>window.__pwned = 1</script>', 'script'],
    ['<img src=x onerror="window.__pwned = 1">', '[onerror]'],
    ['<svg onload="window.__pwned = 1"><circle r="5"/></svg>', 'svg, [onload]'],
    ['<svg><script>window.__pwned = 1</script></svg>', 'svg, script'],
    ['<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned = 1">', 'math, style, [onerror]'],
    ['<iframe src="https://example.com" srcdoc="<script>parent.__pwned=1</script>"></iframe>', 'iframe'],
    ['<style>body { display: none }</style>', 'style'],
    ['<form action="https://example.com"><input name="q"><button>Go</button></form>', 'form, button, input'],
    ['<object data="x.swf"></object><embed src="x.swf">', 'object, embed'],
    ['<div style="position:fixed;inset:0" onclick="window.__pwned=1">cover</div>', '[style], [onclick]'],
    ['<a href="/ok" onmouseover="window.__pwned=1">hover</a>', '[onmouseover]'],
    [
      '<base href="https://example.com/"><meta http-equiv="refresh" content="0;url=https://example.com">',
      'base, meta',
    ],
  ])('sanitizes %s', (content, forbidden) => {
    const root = renderMarkdown(content);
    expect(root.querySelectorAll(forbidden)).toHaveLength(0);
    expect(root.textContent).not.toContain('__pwned');
    expect(root.textContent).not.toContain('display: none');
  });

  it('drops image addresses that are not http(s) or relative', () => {
    const root = renderMarkdown('![pixel](data:image/png;base64,iVBORw0KGgo=) ![logo](/favicon.svg)');
    expect(screen.getByText('pixel')).toBeInTheDocument();
    expect(root.querySelectorAll('img')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'logo' })).toHaveAttribute('src', '/favicon.svg');
  });

  it('prefixes ids from the content so they cannot clash with the page', () => {
    const root = renderMarkdown('<h2 id="main">Clash</h2><a name="docs-index-title">x</a>');
    expect(root.querySelector('#main')).toBeNull();
    expect(root.querySelector('#user-content-main')).toHaveTextContent('Clash');
  });
});
