/**
 * Showing and printing a self-contained page from the main process (a receipt, a refund slip, the
 * close report) inside the app's own page, whose CSP allows no frames and no inline styles: the
 * page is parsed (DOMParser runs no script), stripped of anything active, and put in a shadow
 * root, its styles adopted as a constructed sheet (not inline, so the CSP allows them, and scoped
 * to the shadow root). Printing shows only that region (styles.css, `html.printing`).
 */
const ACTIVE = 'script, iframe, frame, object, embed, link, meta, base, form';

/** The page's styles with its `html`/`body` rules aimed at the wrapper in the shadow root. */
function scopedCss(doc: Document): string {
  return Array.from(doc.querySelectorAll('style'))
    .map((s) => s.textContent ?? '')
    .join('\n')
    .replace(/(^|[\s,}>])(html|body)(?=[\s,{.:#[>])/g, '$1.doc');
}

function adopt(root: ShadowRoot | Document, css: string): CSSStyleSheet | null {
  if (typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in root)) return null;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets.filter((s) => s !== sheet), sheet];
    return sheet;
  } catch {
    // A sheet that cannot be built: the page shows unstyled rather than not at all.
    return null;
  }
}

/**
 * A page's headings read below the screen's when shown in place: the screen's title is an h2 and
 * its parts h3, so the page's h1 is read at `below + 1` and so on (its look unchanged). A receipt's
 * h1 after the screen's h2 and before a later part's h3 broke the page's heading order (axe).
 */
function nestHeadings(root: Element, below: number): void {
  for (const h of Array.from(root.querySelectorAll('h1, h2, h3, h4, h5, h6')))
    h.setAttribute('aria-level', String(Math.min(6, Number(h.tagName[1]) + below)));
}

/**
 * Put the page `html` in `host`'s shadow root (replacing what was there); `headingsBelow`: the
 * heading level of the screen it is shown in (none when printed alone).
 */
export function mountDocument(host: HTMLElement, html: string, headingsBelow = 0): void {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll(ACTIVE).forEach((el) => el.remove());
  for (const el of Array.from(doc.body.querySelectorAll('*')))
    for (const attr of Array.from(el.attributes))
      if (attr.name.startsWith('on') || /^\s*javascript:/i.test(attr.value))
        el.removeAttribute(attr.name);
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const wrapper = document.createElement('div');
  wrapper.className = 'doc';
  wrapper.lang = doc.documentElement.lang || '';
  wrapper.append(...Array.from(doc.body.childNodes).map((n) => document.importNode(n, true)));
  if (headingsBelow > 0) nestHeadings(wrapper, headingsBelow);
  root.replaceChildren(wrapper);
  if ('adoptedStyleSheets' in root) root.adoptedStyleSheets = [];
  adopt(root, scopedCss(doc));
}

/** The page's `@page` rules (paper size), which only the document's own sheets can set. */
function pageRules(html: string): string {
  const css = Array.from(
    new DOMParser().parseFromString(html, 'text/html').querySelectorAll('style'),
  )
    .map((s) => s.textContent ?? '')
    .join('\n');
  return (css.match(/@page\s*[^{]*\{[^}]*\}/g) ?? []).join('\n');
}

export const PRINT_REGION_ID = 'print-region';

/**
 * Print the page `html` through `print` (the browser's print): the app is hidden while the
 * page's region alone is printed, then the region goes.
 */
export function printDocument(html: string, print: () => void): void {
  document.getElementById(PRINT_REGION_ID)?.remove();
  const region = document.createElement('div');
  region.id = PRINT_REGION_ID;
  document.body.append(region);
  mountDocument(region, html);
  const page = adopt(document, pageRules(html));
  document.documentElement.classList.add('printing');
  const done = () => {
    document.documentElement.classList.remove('printing');
    region.remove();
    if (page && 'adoptedStyleSheets' in document)
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== page);
  };
  try {
    // The browser's print blocks until its dialog is closed; then the app comes back.
    print();
  } finally {
    done();
  }
}

/** A PDF sent as base64, as a Blob to save. */
export function pdfBlob(base64: string): Blob {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: 'application/pdf' });
}
