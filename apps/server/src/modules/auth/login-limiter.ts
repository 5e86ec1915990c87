// Failed sign-ins per account: after FAILURES_ALLOWED failures within WINDOW_MS, further attempts
// for that account get 429 until the oldest failure ages out. A burst of guesses is stopped, and the
// real owner is kept out for at most a few minutes. (The per-address limit is on the route.)
// Counts are per server process.
//
// An account is keyed by its name folded to lower case. The route lets only player names through
// (ASCII), where that folding is at least as coarse as the database look-up's lower(), so every
// spelling that signs in to one account counts against that account.
export const FAILURES_ALLOWED = 10;
export const WINDOW_MS = 5 * 60_000;
const MAX_TRACKED = 100_000;

const accountKey = (username: string) => username.toLowerCase();

export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  private recent(username: string): number[] {
    const key = accountKey(username);
    const cutoff = this.now() - WINDOW_MS;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  /** Milliseconds until this account may try again, or 0. */
  retryAfter(username: string): number {
    const list = this.recent(username);
    if (list.length < FAILURES_ALLOWED) return 0;
    return list[list.length - FAILURES_ALLOWED]! + WINDOW_MS - this.now();
  }

  fail(username: string): void {
    if (this.failures.size >= MAX_TRACKED) this.failures.clear();
    const list = this.recent(username);
    list.push(this.now());
    this.failures.set(accountKey(username), list);
  }

  succeed(username: string): void {
    this.failures.delete(accountKey(username));
  }
}
