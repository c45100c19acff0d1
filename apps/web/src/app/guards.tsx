import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { needsSecondStep, readAccessToken, readStoredUser } from '../lib/storage-keys';

/** The sign-in screen is for visitors: a finished session goes straight to the portfolio. */
export function VisitorsOnly({ children }: { children: ReactNode }) {
  const user = readStoredUser();
  const finished = readAccessToken() && user?.email_verified_at && !needsSecondStep(user);
  return finished ? <Navigate to="/portfolio" replace /> : children;
}

/** The email and second-step screens need the token the sign-up or sign-in just stored. */
export function WithToken({ children }: { children: ReactNode }) {
  return readAccessToken() ? children : <Navigate to="/" replace />;
}
