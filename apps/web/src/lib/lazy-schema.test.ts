import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { readLiveMessage } from './live-socket.ts';

const count = z.object({ online: z.int() });

/** A load that waits until `release` is called: the schema's module still on its way. */
function pendingLoad() {
  let release: () => void = () => {};
  const load = vi.fn(() => new Promise<typeof count>((resolve) => (release = () => resolve(count))));
  return { load, release: () => release() };
}

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
    const load = vi
      .fn<() => Promise<typeof count>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(count);
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
    const load = vi
      .fn<() => Promise<typeof count>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(count);
    const schema = lazySchema(load);
    const read: number[] = [];
    readLiveMessage(schema, '{"online":1}', (message) => read.push(message.online));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    readLiveMessage(schema, '{"online":2}', (message) => read.push(message.online));
    await vi.waitFor(() => expect(read).toEqual([2]));
  });
});
