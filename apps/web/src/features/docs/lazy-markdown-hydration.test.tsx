// A doc the server rendered is adopted as it is when the page hydrates (no markdown pipeline on the
// phone's main thread), follows its links within the app, and is rendered afresh once its content
// changes.
import { i18n } from '@lingui/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../../lib/language-provider.tsx';
import { LazyMarkdown, loadMarkdown } from './lazy-markdown.tsx';
import { Markdown } from './markdown.tsx';

// Counts the renders of the markdown pipeline, which hydration must not run.
vi.mock('./markdown.tsx', async (original) => {
  const module = await original<typeof import('./markdown.tsx')>();
  return { ...module, Markdown: vi.fn(module.Markdown) };
});

const DOC =
  '## Getting in\n\nRead [the rules](/docs?doc=rules) first, then [the wiki](https://example.org/).';

const inRouter = (element: ReactNode) =>
  createMemoryRouter([{ path: '*', element }], { initialEntries: ['/docs?doc=joining'] });

/** The router in the page's language, as the server and the browser both render it. */
const page = (router: ReturnType<typeof inRouter>) => (
  <LanguageProvider i18n={i18n}>
    <RouterProvider router={router} />
  </LanguageProvider>
);

/** The doc's content, which the test changes from outside. */
let setContent: (content: string) => void = () => {};
function Page() {
  const [content, set] = useState(DOC);
  setContent = set;
  return <LazyMarkdown content={content} className="max-w-3xl" />;
}

describe('a server-rendered doc', () => {
  let container: HTMLDivElement;
  afterEach(() => container?.remove());

  it('is adopted as the server rendered it, follows its links in the app, and renders anew when changed', async () => {
    // As the server renders it: its markdown code loaded, inside LazyMarkdown's Suspense boundary.
    await loadMarkdown();
    const serverHtml = renderToString(page(inRouter(<LazyMarkdown content={DOC} className="max-w-3xl" />)));
    expect(serverHtml).toContain('<!--$-->');
    container = document.createElement('div');
    container.innerHTML = serverHtml;
    document.body.append(container);
    const served = container.innerHTML;
    const serverElement = container.querySelector('[data-markdown]');
    expect(serverElement?.querySelector('h3')?.textContent).toBe('Getting in');

    const errors: unknown[] = [];
    const router = inRouter(<Page />);
    await act(async () => {
      hydrateRoot(container, page(router), {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    expect(Markdown).toHaveBeenCalledTimes(1); // on the server only
    // The very element the server sent, with what it held.
    expect(container.querySelector('[data-markdown]')).toBe(serverElement);
    expect(container.innerHTML).toBe(served);

    fireEvent.click(screen.getByRole('link', { name: 'the rules' }));
    expect(router.state.location.search).toBe('?doc=rules');
    // A link to another site is left to the browser (a new tab).
    let leftToTheBrowser = false;
    // Last in the click's path: sees whether the app took it, then keeps the test from leaving.
    window.addEventListener(
      'click',
      (event) => {
        leftToTheBrowser = !event.defaultPrevented;
        event.preventDefault();
      },
      { once: true },
    );
    fireEvent.click(screen.getByRole('link', { name: /the wiki/ }));
    expect(leftToTheBrowser).toBe(true);
    expect(router.state.location.search).toBe('?doc=rules');

    await act(async () => setContent('**Edited** since'));
    expect((await screen.findByText('Edited', {}, { timeout: 5000 })).tagName).toBe('STRONG');
    expect(Markdown).toHaveBeenCalledTimes(2);
  });
});
