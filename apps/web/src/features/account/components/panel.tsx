import { useId, type ReactNode } from 'react';

export function Panel({ title, children }: { title: string; children: ReactNode }) {
  // Security shows several panels at once: each needs its own id.
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h2 id={id} className="text-xl font-bold text-brand-900">
        {title}
      </h2>
      <div className="mt-6">{children}</div>
    </section>
  );
}

export function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="border-t border-slate-100 pt-5 first:border-0 first:pt-0">
      <h3 id={id} className="mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase">
        {title}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </div>
  );
}
