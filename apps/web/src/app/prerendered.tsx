import { useSyncExternalStore, type ReactNode } from 'react';

const never = () => () => undefined;

/**
 * What the build prerenders sits in this wrapper, and the browser hydrates it in place. Until the
 * app has taken the page over it is inert: a field typed into before then would not reach the
 * app's state. (Rendered on the server and while hydrating, the snapshot is false; then true.)
 */
export function Prerendered({ children }: { children: ReactNode }) {
  const live = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  return (
    <div className="prerendered" inert={!live}>
      {children}
    </div>
  );
}
