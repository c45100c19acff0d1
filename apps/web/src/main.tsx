import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { Prerendered } from './app/prerendered';
import { queryClient } from './app/query-client';
import { routes } from './app/router';
import { setSessionEndedListener } from './lib/api-client';
import './index.css';

const router = createBrowserRouter(routes);
// A session the server ended goes to sign-in inside the app, without loading the page again.
setSessionEndedListener(() => {
  void router.navigate('/', { replace: true }).then(() => queryClient.clear());
});

function mount() {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  const app = <AppRoot router={router} />;
  // index.html carries the sign-in screen as a visitor sees it on `/`: there it is taken over in
  // place; anywhere else, or holding a session, its loader marked it off and the app renders afresh.
  const prerendered = root.firstElementChild?.classList.contains('prerendered') ?? false;
  if (prerendered && document.documentElement.dataset['prerender'] !== 'off')
    hydrateRoot(root, <Prerendered>{app}</Prerendered>);
  else createRoot(root).render(app);
}

// index.html's loader adds this script from the head, so it runs as soon as it arrives (from the
// cache, that can be before the body is read): the app mounts once the page is.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount, { once: true });
else mount();
