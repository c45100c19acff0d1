import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * A product note as operators wrote it. The server already strips everything but formatting and
 * links; cleaning again here means a note that reached the database some other way still cannot
 * run a script.
 */
export function RichNote({ html }: { html: string }) {
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html, {
        ALLOWED_TAGS: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'a'],
        ALLOWED_ATTR: ['href', 'rel', 'target'],
      }),
    [html],
  );
  return (
    <div
      className="space-y-2 text-sm text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_li]:ml-5 [&_ul]:list-disc"
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
