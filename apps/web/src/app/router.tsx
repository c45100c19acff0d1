import { createBrowserRouter } from 'react-router';
import { ErrorScreen } from '../components/ui/error-screen';
import { PublicLayout } from './public-layout';

export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    errorElement: <ErrorScreen />,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('../features/home/routes/home-route')).HomeRoute }),
      },
    ],
  },
]);
