import { onlineMessageSchema } from '@prison/shared/live';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../../test/fake-web-socket.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { parseOnlineMessage } from '../../lib/use-online-count.ts';
import { OnlineCount } from './online-count.tsx';

describe('parseOnlineMessage', () => {
  it('reads the count, keeps null as unknown and rejects anything malformed', () => {
    expect(parseOnlineMessage('{"online":42}')).toBe(42);
    expect(parseOnlineMessage('{"online":null}')).toBeNull();
    expect(parseOnlineMessage('{"online":"42"}')).toBeUndefined();
    expect(parseOnlineMessage('{"online":-1}')).toBeUndefined();
    expect(parseOnlineMessage('{"players":4}')).toBeUndefined();
    expect(parseOnlineMessage('not json')).toBeUndefined();
    expect(parseOnlineMessage(new Blob())).toBeUndefined();
  });

  it.each([
    '{"online":0}',
    '{"online":7,"extra":true}',
    '{"online":1.5}',
    '{"online":1e300}',
    '{"online":true}',
    '{}',
    '[{"online":3}]',
    'null',
    '3',
  ])('agrees with the contract (onlineMessageSchema) on %s', (text) => {
    const parsed = onlineMessageSchema.safeParse(JSON.parse(text));
    expect(parseOnlineMessage(text)).toBe(parsed.success ? parsed.data.online : undefined);
  });
});

describe('OnlineCount', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const count = () => screen.getByTestId('online-count');

  it('shows a dash until a valid message arrives, then the number', () => {
    renderRoute(<OnlineCount />);
    expect(FakeWebSocket.latest().url).toMatch(/^ws:\/\/.+\/ws\/players$/);
    expect(count()).toHaveTextContent(/^—$/);
    expect(screen.getByText(/Connecting/)).toBeInTheDocument();

    act(() => FakeWebSocket.latest().open());
    expect(screen.getByText('Live')).toBeInTheDocument();
    act(() => FakeWebSocket.latest().message('{"online":1284}'));
    expect(count()).toHaveTextContent(/^1,284$/);
  });

  it('links to the server status page', () => {
    renderRoute(<OnlineCount />);
    expect(screen.getByRole('link', { name: /^Currently online/ })).toHaveAttribute('href', '/status');
  });

  it('ignores malformed messages silently', () => {
    renderRoute(<OnlineCount />);
    act(() => {
      FakeWebSocket.latest().open();
      FakeWebSocket.latest().message('{"online":7}');
      FakeWebSocket.latest().message('garbage');
      FakeWebSocket.latest().message('{"online":"lots"}');
    });
    expect(count()).toHaveTextContent(/^7$/);
  });

  it('goes back to a dash when the server says the count is unknown', () => {
    renderRoute(<OnlineCount />);
    act(() => FakeWebSocket.latest().message('{"online":12}'));
    act(() => FakeWebSocket.latest().message('{"online":null}'));
    expect(count()).toHaveTextContent(/^—$/);
  });

  it('shows the closed state while reconnecting', () => {
    renderRoute(<OnlineCount />);
    act(() => FakeWebSocket.latest().drop());
    expect(screen.getByText(/reconnecting/i)).toBeInTheDocument();
  });
});
