import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

export function ErrorScreen() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';

  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col justify-center gap-4 px-6" role="alert">
      <h1 className="text-3xl font-bold text-red-700">Unexpected Application Error!</h1>
      <p className="text-lg text-slate-700">{detail}</p>
      <p>
        <Link to="/" className="font-medium text-brand-700 underline">
          Go to the start page
        </Link>
      </p>
    </main>
  );
}
