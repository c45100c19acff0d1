import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PublicFrame } from '../../../components/ui/public-frame';

type AuthLayoutProps = {
  title: string;
  intro?: ReactNode;
  headerAction?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
};

/** The header action of the screens a signed-out user reaches from sign-in. */
export const signInAction = (
  <Link to="/" className="rounded-lg px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50">
    sign in
  </Link>
);

export function AuthLayout({ title, intro, headerAction, aside, children }: AuthLayoutProps) {
  return (
    <PublicFrame
      headerAction={headerAction}
      mainClassName="mx-auto grid w-full max-w-6xl flex-1 items-start gap-10 px-4 py-10 sm:px-6 lg:grid-cols-2 lg:py-16"
    >
      {aside && <div className="hidden lg:block">{aside}</div>}
      <section
        aria-labelledby="screen-title"
        className={`w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 ${aside ? 'justify-self-end' : 'justify-self-center lg:col-span-2'}`}
      >
        <h1 id="screen-title" className="text-2xl font-bold text-brand-900">
          {title}
        </h1>
        {intro && <div className="mt-2 text-sm wrap-anywhere text-slate-600">{intro}</div>}
        <div className="mt-6">{children}</div>
      </section>
    </PublicFrame>
  );
}
