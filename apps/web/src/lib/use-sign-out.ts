import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest } from './api-client';
import { clearSession } from './storage-keys';
import { timing, wait } from './timing';

const logout = () => apiRequest<Record<string, never>>('/user/logout', { method: 'POST' });

/** 'Logging out...', then 'Logged out.', and after 3 seconds both storages are cleared and the user is at /. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [caption, setCaption] = useState<string | null>(null);

  const signOut = async () => {
    setCaption('Logging out...');
    // The token dies on the server; if the server cannot be reached the session still ends here.
    await logout().catch(() => undefined);
    setCaption('Logged out.');
    await wait(timing.messageMs);
    clearSession();
    queryClient.clear();
    setCaption(null);
    void navigate('/');
  };

  return { caption, signOut: () => void signOut() };
}
