// Failed sign-ins per username: after FAILURES_ALLOWED failures within WINDOW_MS, further attempts
// for that name get 429 until the oldest failure ages out. A burst of guesses is stopped, and the
// real owner is kept out for at most a few minutes. (The per-address limit is on the route.)
// Counts are per server process.
export const FAILURES_ALLOWED = 10;
export const WINDOW_MS = 5 * 60_000;
const MAX_TRACKED = 100_000;

export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  private recent(username: string): number[] {
    const key = username.toLowerCase();
    const cutoff = this.now() - WINDOW_MS;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  /** Milliseconds until this username may try again, or 0. */
  retryAfter(username: string): number {
    const list = this.recent(username);
    if (list.length < FAILURES_ALLOWED) return 0;
    return list[list.length - FAILURES_ALLOWED]! + WINDOW_MS - this.now();
  }

  fail(username: string): void {
    if (this.failures.size >= MAX_TRACKED) this.failures.clear();
    const list = this.recent(username);
    list.push(this.now());
    this.failures.set(username.toLowerCase(), list);
  }

  succeed(username: string): void {
    this.failures.delete(username.toLowerCase());
  }
}
