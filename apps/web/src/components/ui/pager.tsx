import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { Button } from './button';

export function Pager({
  summary,
  page,
  lastPage,
  onPage,
}: {
  summary: ReactNode;
  page: number;
  lastPage: number;
  onPage: Dispatch<SetStateAction<number>>;
}) {
  return (
    <footer className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <span>
        {summary} · page {page} of {lastPage}
      </span>
      <span className="flex gap-2">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPage((current) => current - 1)}>
          Previous
        </Button>
        <Button variant="secondary" disabled={page >= lastPage} onClick={() => onPage((current) => current + 1)}>
          Next
        </Button>
      </span>
    </footer>
  );
}
