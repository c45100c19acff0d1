import { createServer, type IndexHtmlTransformContext, type Plugin } from 'vite';
import type { ScreenSnapshot } from './src/lib/screen-snapshot';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;
type DeepLinks = Record<string, { modules: string[]; api: string[] }>;

/**
 * Writes the sign-in screen, rendered with React on the server side of Vite, into index.html,
 * where the app hydrates it (src/main.tsx); until then it takes no input (src/app/prerendered.tsx).
 * The stylesheet is written into the page too.
 *
 * The app's code is then loaded by one inline script (the server allows it by its hash, see
 * `loadApp` below): the screen shows while the code is on its way rather than competing with it
 * for a slow connection, and it shows only to a visitor on `/`, so nobody sees the sign-in form
 * flash before the screen they opened. For a signed-in deep link (src/app/deep-links.ts) the same
 * script starts the screen's modules and first API reads at once.
 */
export function prerenderSignIn(): Plugin {
  let root = process.cwd();
  return {
    name: 'itrust-prerender-sign-in',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!context.bundle) throw new Error('index.html is transformed without its bundle');
        const bundle = context.bundle;
        const server = await createServer({
          root,
          configFile: false,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
        });
        try {
          const { renderSignIn, deepLinks } = (await server.ssrLoadModule('/src/prerender.tsx')) as {
            renderSignIn: () => string;
            deepLinks: DeepLinks;
          };
          return withLoader(withInlineStyles(fillRoot(html, renderSignIn()), bundle), deepLinks, bundle);
        } finally {
          await server.close();
        }
      },
    },
  };
}

function fillRoot(html: string, markup: string): string {
  if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
  return html.replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
}

/** The chunks (and what they import, statically) holding the given source modules, as URLs. */
function chunksOf(modules: string[], bundle: Bundle): string[] {
  const files = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (files.has(file) || chunk?.type !== 'chunk' || chunk.isEntry) return;
    files.add(file);
    chunk.imports.forEach(visit);
  };
  for (const module of modules) {
    const holder = Object.values(bundle).find(
      (output) => output.type === 'chunk' && output.moduleIds.some((id) => id.endsWith(`/${module}`)),
    );
    if (!holder) throw new Error(`no chunk holds ${module}; update src/app/deep-links.ts`);
    visit(holder.fileName);
  }
  return [...files].map((file) => `/${file}`);
}

/**
 * The stylesheet goes into the page itself: one round trip fewer before the first paint, for a
 * few kilobytes the page would fetch anyway. The server allows it by its hash.
 */
function withInlineStyles(html: string, bundle: Bundle): string {
  const links = [...html.matchAll(/\s*<link rel="stylesheet" crossorigin href="\/([^"]+)">/g)];
  let page = html;
  for (const [tag, file] of links) {
    const asset = file ? bundle[file] : undefined;
    if (asset?.type !== 'asset') throw new Error(`the stylesheet ${file ?? ''} is not in the build`);
    page = page.replace(tag, `\n    <style>${String(asset.source)}</style>`);
  }
  return page;
}

/**
 * Replaces the entry script and its modulepreload links with the inline loader, which also knows
 * each deep link's chunks beyond the entry's.
 */
function withLoader(html: string, deepLinks: DeepLinks, bundle: Bundle): string {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry?.[1]) throw new Error('index.html has no entry module script');
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  let page = html.replace(entry[0], '');
  for (const preload of preloads) page = page.replace(preload[0], '');
  const entryFiles = new Set([entry[1], ...preloads.map((preload) => preload[1])]);
  const links = Object.fromEntries(
    Object.entries(deepLinks).map(([path, link]) => [
      path,
      { ...link, modules: chunksOf(link.modules, bundle).filter((file) => !entryFiles.has(file)) },
    ]),
  );
  const args = [preloads.map((preload) => preload[1]), entry[1], links].map((value) => JSON.stringify(value));
  // Before the stylesheet: a script after one waits for it to load.
  return page.replace('</title>', `</title>\n    <script>(${loadApp.toString()})(${args.join(', ')});</script>`);
}

/**
 * Runs in the page, inlined (so nothing from outside). The prerendered sign-in screen is what a
 * visitor sees on `/`; anywhere else, or holding a session, the page is marked to hide it, and a
 * signed-in screen's kept look shows instead if there is one. Then the app's code loads: after
 * the first contentful paint when the page has something to show (a tab that does not paint,
 * opened in the background, loads at once), at once otherwise, together with a signed-in deep
 * link's modules and API reads (src/lib/early.ts hands those to the app).
 */
function loadApp(preloads: string[], entry: string, deepLinks: DeepLinks) {
  // Storage a browser refuses (some privacy settings throw) must not stop the app from loading.
  const stored = (storage: () => Storage, key: string) => {
    try {
      return storage().getItem(key);
    } catch {
      return null;
    }
  };
  const token = stored(() => sessionStorage, 'accessToken');
  const prerendered = location.pathname === '/' && token === null;
  if (!prerendered) document.documentElement.dataset['prerender'] = 'off';
  // A token that waits for the emailed sign-in code is refused by every read: the app sends it to /otp.
  const waiting = stored(() => sessionStorage, 'secondStepWaiting') === 'true';
  const link = token === null || waiting ? undefined : deepLinks[location.pathname];
  const fetchEarly = () => {
    if (!link) return;
    const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}` };
    const device = stored(() => localStorage, 'deviceId');
    if (device) headers['x-device-id'] = device;
    const early: Record<string, Promise<Response>> = {};
    for (const path of link.api) {
      early[path] = fetch(`/api${path}`, { headers });
      // Taken by the app, which sees any failure; not taken, it is nobody's error.
      early[path].catch(() => undefined);
    }
    window.itrustEarly = early;
  };
  // A signed-in page load shows the screen's kept look at once (src/lib/screen-snapshot.ts), if
  // it is of this address and this user, until the app has the screen's own data.
  const snapshot = (() => {
    try {
      const kept = JSON.parse(stored(() => sessionStorage, 'screenSnapshot') ?? 'null') as ScreenSnapshot | null;
      const user = JSON.parse(stored(() => sessionStorage, 'userInfo') ?? 'null') as { id?: string } | null;
      return token !== null && kept?.path === location.pathname && kept.owner === user?.id ? kept : undefined;
    } catch {
      return undefined;
    }
  })();
  if (snapshot) {
    const page = document.documentElement;
    page.dataset['snapshot'] = 'on';
    const holder = document.createElement('div');
    holder.id = 'screen-snapshot';
    const status = document.createElement('p');
    status.className = 'snapshot-status';
    status.setAttribute('role', 'status');
    const at = new Date(snapshot.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    status.textContent = `Updating… (figures as of ${at})`;
    const copy = document.createElement('div');
    copy.inert = true;
    copy.innerHTML = snapshot.html;
    for (const element of copy.querySelectorAll<HTMLElement>('[data-style]'))
      element.style.cssText = element.dataset['style'] ?? '';
    holder.append(status, copy);
    document.addEventListener('DOMContentLoaded', () => document.getElementById('root')?.before(holder));
    // Should the app never take over, the copy does not stay in its place.
    setTimeout(() => {
      holder.remove();
      delete page.dataset['snapshot'];
    }, 10_000);
  }
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    fetchEarly();
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
    // The entry first: the browser asks for the files in this order.
    for (const href of preloads.concat(link ? link.modules : [])) {
      const preload = document.createElement('link');
      preload.rel = 'modulepreload';
      preload.crossOrigin = '';
      preload.href = href;
      document.head.appendChild(preload);
    }
  };
  if (
    !(prerendered || snapshot) ||
    document.visibilityState === 'hidden' ||
    !PerformanceObserver.supportedEntryTypes.includes('paint')
  ) {
    start();
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  // Should the paint never be reported, the app still starts.
  setTimeout(start, 1000);
}
