import type { ReactNode } from 'react';

/** One labelled figure of a description list. */
export function Fact({ label, testId, children }: { label: ReactNode; testId?: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-semibold tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
