import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { DataRouter } from 'react-router';
import { ToastProvider } from '../components/ui/toast';
import { queryClient } from './query-client';

export function AppProviders({ children, router }: { children: ReactNode; router?: DataRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider router={router}>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
