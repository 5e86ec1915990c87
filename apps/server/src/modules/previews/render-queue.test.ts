import { describe, expect, it } from 'vitest';
import type { DomainError } from '../../errors.ts';
import { CardRenderer, MAX_WAITING_RENDERS } from './render-queue.ts';

const later = () => {
  let resolve!: (png: Buffer) => void;
  const promise = new Promise<Buffer>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('the card renderer', () => {
  it('renders one card at a time, each key once however many ask, and keeps it', async () => {
    const renderer = new CardRenderer();
    let running = 0;
    let most = 0;
    let renders = 0;
    const render = (bytes: string) => async () => {
      renders++;
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return Buffer.from(bytes);
    };
    const cards = await Promise.all([
      renderer.card('a', render('A')),
      renderer.card('a', render('A')),
      renderer.card('b', render('B')),
      renderer.card('c', render('C')),
    ]);
    expect(cards.map(String)).toEqual(['A', 'A', 'B', 'C']);
    expect(most).toBe(1);
    expect(renders).toBe(3);
    expect(String(await renderer.card('b', render('other')))).toBe('B');
    expect(renders).toBe(3);
  });

  it('refuses renders beyond the queue with 503 instead of queuing without bound', async () => {
    const renderer = new CardRenderer();
    const first = later();
    const running = renderer.card('running', () => first.promise);
    const queued = Array.from({ length: MAX_WAITING_RENDERS }, (_, i) =>
      renderer.card(`queued-${i}`, async () => Buffer.from('q')),
    );
    await expect(renderer.card('one-too-many', async () => Buffer.from('x'))).rejects.toMatchObject({
      kind: 'unavailable',
    } satisfies Partial<DomainError>);
    first.resolve(Buffer.from('r'));
    await expect(running).resolves.toEqual(Buffer.from('r'));
    await expect(Promise.all(queued)).resolves.toHaveLength(MAX_WAITING_RENDERS);
  });

  it('does not keep a failed render', async () => {
    const renderer = new CardRenderer();
    await expect(renderer.card('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(String(await renderer.card('k', async () => Buffer.from('ok')))).toBe('ok');
  });
});
