// @vitest-environment happy-dom
/**
 * A page shown in place (a receipt's preview, the close report) is part of the screen: its
 * headings read below the screen's title (an h2), so a receipt's h1 between the screen's h2 and a
 * later part's h3 does not break the page's heading order; printed alone they stay as written.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentView } from '../../../renderer/src/components/DocumentView';
import { mountDocument } from '../../../renderer/src/money/printDocument';

const PAGE =
  '<!doctype html><html lang="ja"><body><h1>領収書</h1><h2>明細</h2><p>¥60,000</p></body></html>';

afterEach(cleanup);

describe('DocumentView', () => {
  it('reads the page’s headings below the screen’s title', () => {
    render(<DocumentView html={PAGE} label="領収書のプレビュー" />);
    const root = screen.getByRole('document', { name: '領収書のプレビュー' }).shadowRoot!;
    expect(root.querySelector('h1')!.getAttribute('aria-level')).toBe('3');
    expect(root.querySelector('h2')!.getAttribute('aria-level')).toBe('4');
    expect(root.textContent).toContain('¥60,000');
  });

  it('leaves a page printed alone as it is written', () => {
    const host = document.createElement('div');
    mountDocument(host, PAGE);
    expect(host.shadowRoot!.querySelector('h1')!.hasAttribute('aria-level')).toBe(false);
  });
});
