import { Link, useParams } from 'react-router';
import { PublicFrame } from '../../../components/ui/public-frame';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { readAccessToken } from '../../../lib/storage-keys';
import { infoTopics, isInfoSlug, type InfoTopic } from '../info-topics';

/** /info/{topic}: the pages behind the public footer's links, for visitors and investors alike. */
export function InfoRoute() {
  const { topic } = useParams();
  const found: InfoTopic | undefined = isInfoSlug(topic) ? infoTopics[topic] : undefined;
  useDocumentTitle(found?.title ?? 'Page not found');
  const signedIn = readAccessToken() !== null;
  return (
    <PublicFrame
      headerAction={
        <Link
          to={signedIn ? '/portfolio' : '/'}
          className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {signedIn ? 'Back to your portfolio' : 'Sign in'}
        </Link>
      }
      mainClassName="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 lg:py-16"
    >
      {found ? (
        <article aria-labelledby="info-title">
          <h1 id="info-title" className="text-3xl font-bold text-brand-900">
            {found.title}
          </h1>
          <p className="mt-3 text-lg text-slate-600">{found.lead}</p>
          {found.sections.map((section, index) => (
            <section key={section.heading ?? index} className="mt-8 space-y-3 leading-7 text-slate-700">
              {section.heading && <h2 className="text-xl font-semibold text-brand-900">{section.heading}</h2>}
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {section.list && (
                <ul className="list-disc space-y-2 pl-6">
                  {section.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </article>
      ) : (
        <div role="alert">
          <h1 className="text-3xl font-bold text-brand-900">Page not found</h1>
          <p className="mt-3 text-slate-600">
            There is no page at this address. The links at the foot of the page lead to every one we have.
          </p>
        </div>
      )}
    </PublicFrame>
  );
}
