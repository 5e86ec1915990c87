import { createContext, useContext, useEffect, useState } from 'react';
import { useHydrated } from './use-hydrated.ts';

/**
 * The time a server-rendered page was rendered at (entry-server.tsx), which it hands over (main.tsx):
 * times relative to now ("5m ago") render from it on the server and while the browser hydrates, so
 * that both say the same, and from the browser's clock from the next tick on.
 */
export const RenderedAt = createContext<number | null>(null);

/** The current time in milliseconds, updated every `intervalMs` (spec 9: the profile clock ticks each second). */
export function useNow(intervalMs = 1000): number {
  const renderedAt = useContext(RenderedAt);
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => (hydrated || renderedAt === null ? Date.now() : renderedAt));
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
