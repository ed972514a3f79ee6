import { useEffect, useRef } from 'react';

/**
 * Loads the next page when the returned element comes within 300 px of the screen. Without
 * IntersectionObserver nothing happens: the list keeps its "load more" button for that.
 */
export function useLoadMore<T extends Element>(options: { enabled: boolean; onLoad: () => void }) {
  const ref = useRef<T>(null);
  const onLoad = useRef(options.onLoad);
  useEffect(() => {
    onLoad.current = options.onLoad;
  });
  const { enabled } = options;
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoad.current();
      },
      { rootMargin: '0px 0px 300px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}
