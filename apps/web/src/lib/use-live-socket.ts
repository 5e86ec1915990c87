import { useEffect, useRef, useState } from 'react';
import { connectLiveSocket, type LiveStatus } from './live-socket.ts';

/**
 * Keeps a live socket open while the component is mounted and reports its connection state. A null
 * path opens nothing (status 'closed'); a new path reconnects.
 */
export function useLiveSocket(
  path: string | null,
  onMessage: (data: unknown) => void,
  onClose?: (event: CloseEvent) => void,
): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>(path === null ? 'closed' : 'connecting');
  // The latest handlers are read through refs so new callbacks each render do not reconnect.
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const closeHandler = useRef(onClose);
  closeHandler.current = onClose;

  useEffect(() => {
    if (path === null) {
      setStatus('closed');
      return;
    }
    const socket = connectLiveSocket({
      path,
      onMessage: (data) => handler.current(data),
      onStatus: setStatus,
      onClose: (event) => closeHandler.current?.(event),
    });
    return () => socket.close();
  }, [path]);

  return status;
}
