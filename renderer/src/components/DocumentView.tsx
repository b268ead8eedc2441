/** A page from the main process (receipt, slip, close report) shown in place, as it will print. */
import { useEffect, useRef } from 'react';
import { mountDocument } from '../money/printDocument';

export function DocumentView({ html, label }: { html: string; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (host.current) mountDocument(host.current, html);
  }, [html]);
  return <div ref={host} className="document-view" role="document" aria-label={label} />;
}
