/**
 * A map that forgets its least recently used entries beyond `maxEntries` entries or `maxSize` in
 * all (each entry's size as `sizeOf` tells it).
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, V>();
  private size = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxSize = Number.POSITIVE_INFINITY,
    private readonly sizeOf: (value: V) => number = () => 0,
  ) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Map keeps insertion order: moving the entry to the end marks it as the newest.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    this.entries.set(key, value);
    this.size += this.sizeOf(value);
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.size <= this.maxSize) break;
      this.entries.delete(oldest);
      this.size -= this.sizeOf(old);
    }
  }

  delete(key: K): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.size -= this.sizeOf(value);
  }

  get count(): number {
    return this.entries.size;
  }
}
