import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { Prerendered } from './app/prerendered';
import { routes } from './app/router';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const app = <AppRoot router={createBrowserRouter(routes)} />;
// index.html carries the sign-in screen as a visitor sees it on `/`: there it is taken over in
// place; anywhere else, or holding a session, its loader marked it off and the app renders afresh.
const prerendered = root.firstElementChild?.classList.contains('prerendered') ?? false;
if (prerendered && document.documentElement.dataset['prerender'] !== 'off')
  hydrateRoot(root, <Prerendered>{app}</Prerendered>);
else createRoot(root).render(app);
