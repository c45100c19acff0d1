import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { ownSessionKeys, readStoredUser } from './storage-keys';

/**
 * A screen's last look, kept for the next page load in this tab. A signed-in screen needs the
 * app's code and its data before it can show anything (seconds on a slow phone); index.html's
 * loader shows the kept copy at once instead, inert, under a notice that it is updating, and the
 * app takes its place once the screen has its own data (see `useScreenSnapshot`). Only a screen
 * that opts in is kept, and only once its data has arrived.
 */
export type ScreenSnapshot = { path: string; owner: string; at: string; html: string };

/** The element index.html's loader shows the snapshot in, and the mark on <html> that hides the app meanwhile. */
export const snapshotHolderId = 'screen-snapshot';

/** The app has the screen: the kept copy goes. Safe to call when none shows. */
export function releaseSnapshot(): void {
  document.getElementById(snapshotHolderId)?.remove();
  delete document.documentElement.dataset['snapshot'];
}

/**
 * The app's page as it looks now, without what must not be copied: ids (each would then be twice
 * in the page), test ids (a test means the app's own), and the mark of the prerendered sign-in
 * screen, which a session started from `/` keeps around the app (the loader hides that screen).
 * Inline styles go as `data-style`, which the loader sets through the CSSOM: the CSP refuses a
 * style attribute in parsed markup.
 */
export function snapshotOf(root: Element, path: string, owner: string, at: Date): ScreenSnapshot {
  const copy = root.cloneNode(true) as Element;
  for (const element of copy.querySelectorAll('[id], [data-testid], [style]')) {
    const style = element.getAttribute('style');
    if (style) element.setAttribute('data-style', style);
    for (const name of ['id', 'data-testid', 'style']) element.removeAttribute(name);
  }
  for (const element of copy.querySelectorAll('.prerendered')) element.classList.remove('prerendered');
  return { path, owner, at: at.toISOString(), html: copy.innerHTML };
}

function keep(path: string) {
  const root = document.getElementById('root');
  const owner = readStoredUser()?.id;
  if (!root || !owner) return;
  try {
    sessionStorage.setItem(ownSessionKeys.screenSnapshot, JSON.stringify(snapshotOf(root, path, owner, new Date())));
  } catch {
    // A full or refused storage only costs the next load its head start.
  }
}

/**
 * For a screen a page load may open on: once `ready` (its first data has arrived, or failed), the
 * kept copy gives way to it in the same frame, and from then on the screen is kept whenever the
 * page is left or hidden.
 */
export function useScreenSnapshot(ready: boolean): void {
  const { pathname } = useLocation();
  const settled = useRef(false);
  useLayoutEffect(() => {
    if (!ready || settled.current) return;
    settled.current = true;
    releaseSnapshot();
  }, [ready]);
  useEffect(() => {
    const keepIfSettled = () => {
      if (settled.current) keep(pathname);
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') keepIfSettled();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', keepIfSettled);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', keepIfSettled);
    };
  }, [pathname]);
}
