import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataForFirstRender, FIRST_RENDER_WAIT_MS, queryClient } from './query-client.ts';

afterEach(() => {
  queryClient.clear();
  vi.useRealTimers();
});

describe('dataForFirstRender', () => {
  it('waits for data that arrives in time, and then has it in the cache', async () => {
    const queryFn = vi.fn(async () => ['fresh']);
    await expect(dataForFirstRender({ queryKey: ['first', 'fast'], queryFn })).resolves.toBeNull();
    expect(queryClient.getQueryData(['first', 'fast'])).toEqual(['fresh']);
    // Fetched moments ago: a second visit does not fetch again.
    await dataForFirstRender({ queryKey: ['first', 'fast'], queryFn });
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('stops waiting for slow data after a moment, and the fetch goes on', async () => {
    vi.useFakeTimers();
    let answer: (value: string[]) => void = () => {};
    const queryFn = () => new Promise<string[]>((resolve) => (answer = resolve));
    let done = false;
    void dataForFirstRender({ queryKey: ['first', 'slow'], queryFn }).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(FIRST_RENDER_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    answer(['late']);
    await vi.waitFor(() => expect(queryClient.getQueryData(['first', 'slow'])).toEqual(['late']));
  });

  it('never fails, and leaves retrying to the page', async () => {
    const queryFn = vi.fn(async () => {
      throw new Error('HTTP 503');
    });
    await expect(dataForFirstRender({ queryKey: ['first', 'down'], queryFn })).resolves.toBeNull();
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(['first', 'down'])?.status).toBe('error');
  });
});
