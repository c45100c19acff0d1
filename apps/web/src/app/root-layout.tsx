import { Outlet, ScrollRestoration } from 'react-router';

/**
 * Around every screen: a new screen opens at its top, not at the scroll the last one was left
 * at; Back returns to where that screen was.
 */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
