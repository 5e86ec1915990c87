import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readSession, useSession } from './session.ts';

const user = { uuid: '8667ba71-b85a-4004-af54-457a9734eed7', username: 'Steve', roles: ['OWNER'] };

describe('readSession', () => {
  it('is null for a guest', () => {
    expect(readSession()).toBeNull();
  });

  it('reads the stored token, refresh token and user', () => {
    localStorage.setItem('token', 'a.b.c');
    localStorage.setItem('refresh_token', 'r');
    localStorage.setItem('user', JSON.stringify(user));
    expect(readSession()).toEqual({ token: 'a.b.c', refreshToken: 'r', user });
  });

  it.each([
    ['not JSON', '{"uuid":'],
    ['a missing field', JSON.stringify({ uuid: 'x', username: 'Steve' })],
    ['roles that are not strings', JSON.stringify({ ...user, roles: [1] })],
    ['null', 'null'],
  ])('ignores a stored user that is %s', (_what, raw) => {
    localStorage.setItem('token', 'a.b.c');
    localStorage.setItem('user', raw);
    expect(readSession()).toBeNull();
  });

  it('needs a token as well as a user', () => {
    localStorage.setItem('user', JSON.stringify(user));
    expect(readSession()).toBeNull();
  });

  it('returns the same object while nothing changed', () => {
    localStorage.setItem('token', 'a.b.c');
    localStorage.setItem('user', JSON.stringify(user));
    expect(readSession()).toBe(readSession());
  });
});

describe('useSession', () => {
  it('follows changes made in another tab', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();
    act(() => {
      localStorage.setItem('token', 'a.b.c');
      localStorage.setItem('user', JSON.stringify(user));
      window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    });
    expect(result.current?.user.username).toBe('Steve');
  });
});
