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
const snapshotHolderId = 'screen-snapshot';

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

/** Runs `work` when the browser is idle (within a second), unless cancelled first. */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 200);
  return () => clearTimeout(handle);
}

/**
 * For a screen a page load may open on, with `ready` true whenever every read it shows has been
 * answered (or failed): the first time, the kept copy gives way to it in the same frame; each
 * time, once the browser is idle, the screen is kept (so a later load of its address from another
 * screen has it too), and again whenever the page is left or hidden.
 */
export function useScreenSnapshot(ready: boolean): void {
  const { pathname } = useLocation();
  const settled = useRef(false);
  useLayoutEffect(() => {
    if (!ready || settled.current) return;
    settled.current = true;
    releaseSnapshot();
  }, [ready]);
  useEffect(() => (ready ? whenIdle(() => keep(pathname)) : undefined), [ready, pathname]);
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
