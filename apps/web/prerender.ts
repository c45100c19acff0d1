import { createServer, type IndexHtmlTransformContext, type Plugin } from 'vite';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

/**
 * The app hydrates the prerendered sign-in screen (src/main.tsx). Its code is loaded by one inline
 * script the server allows by its hash (`loadApp`), so the screen shows while the code is on its way
 * rather than competing with it for a slow connection.
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
          const { renderSignIn } = (await server.ssrLoadModule('/src/prerender.tsx')) as { renderSignIn: () => string };
          return withLoader(withInlineStyles(fillRoot(html, renderSignIn()), bundle), bundle);
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

/** Every signed-in screen sits in the shell and is built from these chunks (see chunks.ts). */
const signedInChunks = ['shell-layout', 'common', 'screens'];

function withLoader(html: string, bundle: Bundle): string {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry?.[1]) throw new Error('index.html has no entry module script');
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  let page = html.replace(entry[0], '');
  for (const preload of preloads) page = page.replace(preload[0], '');
  const signedIn = Object.values(bundle).flatMap((chunk) =>
    chunk.type === 'chunk' && signedInChunks.includes(chunk.name) ? [`/${chunk.fileName}`] : [],
  );
  if (signedIn.length !== signedInChunks.length)
    throw new Error(`the build has no chunk for each of ${signedInChunks.join(', ')}`);
  const args = [preloads.map((preload) => preload[1]), entry[1], signedIn].map((value) => JSON.stringify(value));
  // Before the stylesheet: a script after one waits for it to load.
  return page.replace('</title>', `</title>\n    <script>(${loadApp.toString()})(${args.join(', ')});</script>`);
}

/**
 * Inlined, so it uses nothing from outside. The sign-in screen shows only on `/` without a session,
 * so nobody sees it flash before the screen they opened. The code waits for the first contentful
 * paint only when that screen shows (a background tab never paints); with a session the signed-in
 * chunks preload beside the entry rather than once it has run.
 */
function loadApp(preloads: string[], entry: string, signedIn: string[]) {
  let token: string | null = null;
  try {
    token = sessionStorage.getItem('accessToken');
  } catch {
    // Storage a browser refuses (some privacy settings throw) must not stop the app from loading.
  }
  const prerendered = location.pathname === '/' && token === null;
  if (!prerendered) document.documentElement.dataset['prerender'] = 'off';
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
    for (const href of token === null ? preloads : preloads.concat(signedIn)) {
      const preload = document.createElement('link');
      preload.rel = 'modulepreload';
      preload.crossOrigin = '';
      preload.href = href;
      document.head.appendChild(preload);
    }
  };
  if (
    !prerendered ||
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
