import { type RefObject, useEffect, useRef } from 'react';

/**
 * For a text box of a page the server rendered: what the visitor typed into it before the page
 * hydrated. The box shows it, but React hydrates it with its own state and no change event ever
 * reaches the page, so a search typed then would not search. Once hydrated, text that differs from
 * `value` is handed to `onChange` as if typed now. Attach the returned ref to the <input>.
 */
export function useTypedBeforeHydration(
  value: string,
  onChange: (text: string) => void,
): RefObject<HTMLInputElement | null> {
  const ref = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the page hydrates; later typing goes through onChange.
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== value) onChange(typed);
  }, []);
  return ref;
}
