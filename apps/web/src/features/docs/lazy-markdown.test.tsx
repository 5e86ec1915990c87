import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { LazyMarkdown } from './lazy-markdown.tsx';

// The markdown code and the HTML parser are imported on demand: slow on a busy machine.
const wait = { timeout: 5000 };

// A file of its own: here the HTML parser has not been loaded by another test.
describe('LazyMarkdown', () => {
  it('renders markdown, and HTML once its parser has loaded on demand', async () => {
    const { container } = renderRoute(
      <>
        <LazyMarkdown content="**Mine** with `/mine`" />
        <LazyMarkdown content="Press <kbd>Ctrl</kbd> <script>window.__pwned = 1</script>" />
      </>,
    );
    expect(await screen.findByText('Mine', {}, wait)).toHaveProperty('tagName', 'STRONG');
    expect(await screen.findByText('Ctrl', {}, wait)).toHaveProperty('tagName', 'KBD');
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).not.toContain('__pwned');
  });
});
