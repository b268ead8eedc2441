/**
 * What every printed page (the manifest, the close report, receipts) is made safe with: text
 * escaped for HTML, and a Content Security Policy that lets no script run. Leaf module: nothing
 * of the project.
 */

/** A printed page has no scripts at all: only its own inline styles (and inline images). */
export const PRINT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}
