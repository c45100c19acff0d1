import { userPath } from '../features/auth/api/get-user';
import { analyticsPath } from '../features/portfolio/api/portfolio';

/**
 * Screens a signed-in investor opens directly (the portfolio is where every sign-in lands): the
 * modules the screen is built from and the API reads it shows first. index.html's loader starts
 * both while the app's own code is still on its way, instead of after it has run.
 */
export const deepLinks: Record<string, { modules: string[]; api: string[] }> = {
  '/portfolio': {
    modules: ['src/features/shell/shell-layout.tsx', 'src/features/portfolio/routes/portfolio-route.tsx'],
    api: [userPath, analyticsPath('1d')],
  },
};
