import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazySchema, schemasOf } from './lazy-schema.ts';
import { readLiveMessage } from './live-socket.ts';

const count = z.object({ online: z.int() });

/** A load that waits until `release` is called: the schema's module still on its way. */
function pendingLoad() {
  let release: () => void = () => {};
  const load = vi.fn(() => new Promise<typeof count>((resolve) => (release = () => resolve(count))));
  return { load, release: () => release() };
}

/** A load that fails the first time (the network) and works after. */
const failingOnce = () =>
  vi
    .fn<() => Promise<typeof count>>()
    .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    .mockResolvedValue(count);

describe('lazySchema', () => {
  it('loads on the first call, not before, and then shares the one load', async () => {
    const { load, release } = pendingLoad();
    const schema = lazySchema(load);
    expect(load).not.toHaveBeenCalled();
    const first = schema();
    const second = schema();
    expect(second).toBe(first);
    release();
    expect(await first).toBe(count);
    expect(await schema()).toBe(count);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a load that failed, and keeps the one that worked', async () => {
    const load = failingOnce();
    const schema = lazySchema(load);
    await expect(schema()).rejects.toThrow('Failed to fetch');
    expect(await schema()).toBe(count);
    expect(await schema()).toBe(count);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('readLiveMessage', () => {
  it('reads the messages that came while the schema loaded, in the order they came, skipping malformed ones', async () => {
    const { load, release } = pendingLoad();
    const schema = lazySchema(load);
    const read: number[] = [];
    const handle = (message: { online: number }) => read.push(message.online);
    readLiveMessage(schema, '{"online":1}', handle);
    readLiveMessage(schema, 'not json', handle);
    readLiveMessage(schema, '{"online":"many"}', handle);
    readLiveMessage(schema, '{"online":3}', handle);
    await Promise.resolve();
    expect(read).toEqual([]);
    release();
    await vi.waitFor(() => expect(read).toEqual([1, 3]));
    readLiveMessage(schema, '{"online":4}', handle);
    await vi.waitFor(() => expect(read).toEqual([1, 3, 4]));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('drops a message whose schema could not load, and reads the next once it can', async () => {
    const load = failingOnce();
    const schema = lazySchema(load);
    const read: number[] = [];
    readLiveMessage(schema, '{"online":1}', (message) => read.push(message.online));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    readLiveMessage(schema, '{"online":2}', (message) => read.push(message.online));
    await vi.waitFor(() => expect(read).toEqual([2]));
  });
});

describe('schemasOf', () => {
  it('names each schema of a module, loading the module only when one is first used', async () => {
    const module = { count, status: z.enum(['up', 'down']), LIMIT: 50 };
    const load = vi.fn(async () => module);
    const schema = schemasOf(load);
    const counts = schema('count');
    const statuses = schema('status');
    // @ts-expect-error LIMIT is a number, not a schema: only schemas can be named.
    schema('LIMIT');
    expect(load).not.toHaveBeenCalled();
    expect(await counts()).toBe(count);
    expect(await statuses()).toBe(module.status);
    expect(await counts()).toBe(count);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
