import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { DataRouter } from 'react-router';
import { timing } from '../../lib/timing';

type Toast = { id: number; kind: 'success' | 'error'; text: string };
type ToastApi = { success: (text: string) => void; error: (text: string) => void };

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Success and error toasts with a close button, gone after 5 seconds or when the route changes
 * (they speak of the screen they came from): below the header on wide screens, at the bottom on
 * phones, so they cover no navigation. Built here rather than with a toast library: those inject
 * inline <style> elements, which our CSP refuses.
 */
export function ToastProvider({
  children,
  router,
}: {
  children: ReactNode;
  router?: Pick<DataRouter, 'state' | 'subscribe'> | undefined;
}) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);

  useEffect(() => {
    if (!router) return;
    let pathname = router.state.location.pathname;
    return router.subscribe((state) => {
      if (state.location.pathname === pathname) return;
      pathname = state.location.pathname;
      setToasts([]);
    });
  }, [router]);

  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const push = useCallback(
    (kind: Toast['kind'], text: string) => {
      nextId.current += 1;
      const id = nextId.current;
      setToasts((current) => [...current, { id, kind, text }]);
      setTimeout(() => dismiss(id), timing.toastMs);
    },
    [dismiss],
  );
  const api = useMemo<ToastApi>(
    () => ({ success: (text) => push('success', text), error: (text) => push('error', text) }),
    [push],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed right-4 bottom-4 z-[60] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-3 sm:top-24 sm:bottom-auto">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.kind === 'error' ? 'alert' : 'status'}
            className={`pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm font-medium shadow-lg ${
              toast.kind === 'error'
                ? 'border-red-200 bg-red-50 text-red-800'
                : 'border-emerald-200 bg-emerald-50 text-emerald-800'
            }`}
          >
            <p className="flex-1">{toast.text}</p>
            <button
              type="button"
              aria-label="Close notification"
              onClick={() => dismiss(toast.id)}
              className="-m-1 rounded p-1 leading-none hover:bg-black/5"
            >
              ✕
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider');
  return api;
}
