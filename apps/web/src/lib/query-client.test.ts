import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_RENDER_WAIT_MS,
  queryClient,
  queryForFirstRender,
  retryUnless,
  waitForFirstRender,
} from './query-client.ts';

afterEach(() => {
  queryClient.clear();
  vi.useRealTimers();
});

describe('waitForFirstRender with queryForFirstRender', () => {
  it('waits for data that arrives in time, and then has it in the cache', async () => {
    const queryFn = vi.fn(async () => ['fresh']);
    const options = { queryKey: ['first', 'fast'], queryFn };
    await expect(waitForFirstRender(queryForFirstRender(options))).resolves.toBeNull();
    expect(queryClient.getQueryData(['first', 'fast'])).toEqual(['fresh']);
    // Fetched moments ago: a second visit does not fetch again.
    await waitForFirstRender(queryForFirstRender(options));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('does not wait when the data is cached, and refreshes stale data behind the page', async () => {
    queryClient.setQueryData(['first', 'cached'], ['old']);
    let answer: (value: string[]) => void = () => {};
    const queryFn = vi.fn(() => new Promise<string[]>((resolve) => (answer = resolve)));
    const started = Date.now();
    await waitForFirstRender(queryForFirstRender({ queryKey: ['first', 'cached'], queryFn, staleTime: 0 }));
    expect(Date.now() - started).toBeLessThan(FIRST_RENDER_WAIT_MS);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['first', 'cached'])).toEqual(['old']);
    answer(['new']);
    await vi.waitFor(() => expect(queryClient.getQueryData(['first', 'cached'])).toEqual(['new']));
  });

  it('stops waiting for slow work after a moment, and the fetch goes on', async () => {
    vi.useFakeTimers();
    let answer: (value: string[]) => void = () => {};
    const queryFn = () => new Promise<string[]>((resolve) => (answer = resolve));
    let done = false;
    const code = new Promise(() => {});
    void waitForFirstRender(queryForFirstRender({ queryKey: ['first', 'slow'], queryFn }), code).then(
      () => (done = true),
    );
    await vi.advanceTimersByTimeAsync(FIRST_RENDER_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    answer(['late']);
    await vi.waitFor(() => expect(queryClient.getQueryData(['first', 'slow'])).toEqual(['late']));
  });

  it("never fails: an error is the page's to show", async () => {
    const queryFn = vi.fn(async () => {
      throw new Error('HTTP 503');
    });
    const failing = Promise.reject(new Error('chunk failed to load'));
    await expect(
      waitForFirstRender(
        queryForFirstRender({ queryKey: ['first', 'down'], queryFn, retry: false }),
        failing,
      ),
    ).resolves.toBeNull();
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(['first', 'down'])?.status).toBe('error');
  });
});

describe('retryUnless', () => {
  const answer = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

  it('retries a failure once, and never the answers it names', () => {
    const retry = retryUnless(401, 404);
    expect(retry(0, answer(500))).toBe(true);
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retry(1, answer(500))).toBe(false);
    expect(retry(0, answer(404))).toBe(false);
    expect(retry(0, answer(401))).toBe(false);
  });
});
