import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ToastProvider } from '../components/ui/toast';
import { queryClient } from './query-client';

/** The whole app over a router: the browser's in main.tsx, a memory router when the build prerenders. */
export function AppRoot({ router }: { router: DataRouter }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ToastProvider router={router}>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
