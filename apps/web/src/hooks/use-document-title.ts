import { useEffect } from 'react';

/** Page titles carry the brand: 'Itrust - Signup'. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `Itrust - ${title}`;
  }, [title]);
}
