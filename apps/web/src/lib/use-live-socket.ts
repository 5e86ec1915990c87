import { useEffect, useRef, useState } from 'react';
import { connectLiveSocket, type LiveStatus } from './live-socket.ts';

/** Keeps a live socket open while the component is mounted and reports its connection state. */
export function useLiveSocket(path: string, onMessage: (data: unknown) => void): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  // The latest handler is read through a ref so a new callback each render does not reconnect.
  const handler = useRef(onMessage);
  handler.current = onMessage;

  useEffect(() => {
    const socket = connectLiveSocket({
      path,
      onMessage: (data) => handler.current(data),
      onStatus: setStatus,
    });
    return () => socket.close();
  }, [path]);

  return status;
}
