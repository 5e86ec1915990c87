import { describe, expect, it } from 'vitest';
import { Lru } from './lru.ts';

describe('the LRU map', () => {
  it('forgets the least recently used entry beyond its count', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.count).toBe(2);
  });

  it('forgets the oldest entries beyond its total size', () => {
    const lru = new Lru<string, Buffer>(100, 10, (b) => b.length);
    lru.set('a', Buffer.alloc(4));
    lru.set('b', Buffer.alloc(4));
    lru.set('a', Buffer.alloc(4));
    lru.set('c', Buffer.alloc(4));
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBeDefined();
    expect(lru.get('c')).toBeDefined();
    lru.set('huge', Buffer.alloc(11));
    expect(lru.count).toBe(0);
  });
});
