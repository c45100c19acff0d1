import { useId, type ReactNode } from 'react';

type CardProps = {
  title: ReactNode;
  /** The #hash the phone navigation's section links scroll to. */
  id?: string;
  /** Faded while the next page of its rows loads. */
  busy?: boolean;
  /** A control beside the title. */
  action?: ReactNode;
  children: ReactNode;
};

/** A titled block of a screen; its heading names it for assistive technology. */
export function Card({ title, id, busy, action, children }: CardProps) {
  const titleId = useId();
  const heading = (
    <h2 id={titleId} className="text-lg font-semibold text-brand-900">
      {title}
    </h2>
  );
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      aria-busy={busy}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-opacity aria-busy:opacity-70"
    >
      {action ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
