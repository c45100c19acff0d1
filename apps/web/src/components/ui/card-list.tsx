import { Fragment, type ReactNode } from 'react';

/** A table's rows as cards, for a phone that has no room for its columns: every figure stays on screen. */
export function CardList({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid={testId}>
      {children}
    </ul>
  );
}

type CardRowProps = {
  title: ReactNode;
  aside: ReactNode;
  figures: [label: string, value: ReactNode][];
  /** Something to say of this row alone, under its figures. */
  note?: ReactNode;
};

/** One card: what the row is (left) and its main figure (right), then the other columns as labelled figures. */
export function CardRow({ title, aside, figures, note }: CardRowProps) {
  return (
    <li className="py-3">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0">{title}</p>
        <p className="shrink-0 text-right">{aside}</p>
      </div>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-xs tabular-nums">
        {figures.map(([label, value]) => (
          <Fragment key={label}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-right">{value}</dd>
          </Fragment>
        ))}
      </dl>
      {note && <div className="mt-2">{note}</div>}
    </li>
  );
}
