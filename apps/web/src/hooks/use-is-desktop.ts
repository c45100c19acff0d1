import { useSyncExternalStore } from 'react';

const query = '(min-width: 1024px)';

/** Desktop and phone layouts differ in links as well as looks. */
export function useIsDesktop(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
