import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { Prerendered } from './app/prerendered';
import { routes } from './app/router';

/** Written into index.html at build time, so a visitor sees the sign-in screen with the page itself. */
export function renderSignIn(): string {
  return renderToString(
    <Prerendered>
      <AppRoot router={createMemoryRouter(routes, { initialEntries: ['/'] })} />
    </Prerendered>,
  );
}
