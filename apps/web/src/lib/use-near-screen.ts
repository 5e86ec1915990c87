import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element has come within `margin` of the screen (and stays true from then on): for work
 * worth doing only once it may be seen, such as drawing a chart below the fold of a phone. False while
 * the server renders and the browser hydrates; true at once where the browser cannot tell.
 */
export function useNearScreen(element: RefObject<Element | null>, margin = '300px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, margin, near]);
  return near;
}
