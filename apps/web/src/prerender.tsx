import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { Prerendered } from './app/prerendered';
import { routes } from './app/router';

/**
 * The sign-in screen (`/` for a visitor) as HTML, written into index.html at build time so a
 * visitor sees it with the page itself; main.tsx hydrates it.
 */
export function renderSignIn(): string {
  return renderToString(
    <Prerendered>
      <AppRoot router={createMemoryRouter(routes, { initialEntries: ['/'] })} />
    </Prerendered>,
  );
}
