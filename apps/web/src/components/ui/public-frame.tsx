import type { ReactNode } from 'react';
import { BrandLogo } from './brand-logo';
import { PublicFooter } from './public-footer';

export function PublicFrame({
  headerAction,
  mainClassName,
  children,
}: {
  headerAction?: ReactNode;
  mainClassName: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <BrandLogo />
          {headerAction}
        </div>
      </header>
      <main id="main" className={mainClassName}>
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
