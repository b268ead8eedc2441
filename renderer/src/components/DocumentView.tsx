/**
 * A page from the main process (receipt, slip, close report) shown in place, as it will print; its
 * headings read below the screen's title (an h2).
 */
import { useEffect, useRef } from 'react';
import { mountDocument } from '../money/printDocument';

export function DocumentView({ html, label }: { html: string; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (host.current) mountDocument(host.current, html, 2);
  }, [html]);
  return <div ref={host} className="document-view" role="document" aria-label={label} />;
}
