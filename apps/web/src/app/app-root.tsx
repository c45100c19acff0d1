import { StrictMode } from 'react';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers';

/** The whole app over a router: the browser's in main.tsx, a memory router when the build prerenders. */
export function AppRoot({ router }: { router: DataRouter }) {
  return (
    <StrictMode>
      <AppProviders router={router}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
