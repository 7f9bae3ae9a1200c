import { useCallback, useEffect, useState } from 'react';

/**
 * Whether an element is within `rootMargin` of the viewport, through IntersectionObserver.
 * Returns a callback ref for the element. Without IntersectionObserver (old browsers, jsdom)
 * the element is never reported visible.
 */
export function useInView<T extends Element>(
  rootMargin = '480px',
): [(node: T | null) => void, boolean] {
  const [node, setNode] = useState<T | null>(null);
  const [visible, setVisible] = useState(false);
  const ref = useCallback((next: T | null) => setNode(next), []);

  useEffect(() => {
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries.at(-1);
        if (last) setVisible(last.isIntersecting);
      },
      { rootMargin },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      setVisible(false);
    };
  }, [node, rootMargin]);

  return [ref, visible];
}
