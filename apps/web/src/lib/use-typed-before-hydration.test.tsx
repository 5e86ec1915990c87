import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { useTypedBeforeHydration } from './use-typed-before-hydration.ts';

function Box({ seen }: { seen: string[] }) {
  const [text, setText] = useState('');
  const write = (next: string) => {
    seen.push(next);
    setText(next);
  };
  const ref = useTypedBeforeHydration(text, write);
  return <input ref={ref} aria-label="box" value={text} onChange={(event) => write(event.target.value)} />;
}

it('hands on what was typed into the server-rendered box before the page hydrated', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Box seen={[]} />);
  const input = container.querySelector('input') as HTMLInputElement;
  input.value = 'gang';
  const seen: string[] = [];
  await act(async () => {
    hydrateRoot(container, <Box seen={seen} />);
  });
  expect(seen).toEqual(['gang']);
  expect(input.value).toBe('gang');
});

it('hands on nothing when nothing was typed', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Box seen={[]} />);
  const seen: string[] = [];
  await act(async () => {
    hydrateRoot(container, <Box seen={seen} />);
  });
  expect(seen).toEqual([]);
});
