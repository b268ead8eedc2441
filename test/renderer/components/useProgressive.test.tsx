// @vitest-environment happy-dom
/**
 * useProgressive (decisions G7, G9): the first screen, then a step a frame until the whole list is
 * in the document; printing renders the rest at once. With `fill`, the first screen is measured:
 * items are added before the first paint while the last one still starts in the window (above
 * what sticks to its bottom), and each new list is measured again.
 */
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useProgressive } from '../../../renderer/src/components/useProgressive';

const ITEM_PX = 100;
/** The list's renders, counted to show what the measure costs. */
let renders = 0;
/** Where the list starts in the window, when layout is pretended. */
let listTop = 0;

function List({
  total,
  restart,
  fill,
  first = 3,
}: {
  total: number;
  restart?: string;
  fill?: boolean;
  first?: number;
}) {
  const ref = useRef<HTMLUListElement>(null);
  renders++;
  const shown = useProgressive(total, first, 5, restart, fill ? { list: ref, step: 2 } : undefined);
  return (
    <ul ref={ref}>
      {Array.from({ length: shown }, (_, i) => (
        <li key={i} data-i={i}>
          {restart} {i}
        </li>
      ))}
    </ul>
  );
}

/** A layout: the list at `listTop`, its items ITEM_PX tall one under the other. */
function pretendLayout(): void {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const i = this.getAttribute('data-i');
    const top = i === null ? listTop : listTop + Number(i) * ITEM_PX;
    const height = i === null ? (this.children.length || 0) * ITEM_PX : ITEM_PX;
    return DOMRect.fromRect({ x: 0, y: top, width: 500, height });
  });
}

async function frames(n = 20): Promise<void> {
  for (let i = 0; i < n; i++) {
    await act(async () => {
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      await new Promise((r) => setTimeout(r, 0));
    });
  }
}

const items = () => document.querySelectorAll('li').length;

beforeEach(() => {
  listTop = 0;
  renders = 0;
  Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.documentElement.style.scrollPaddingBottom = '';
});

describe('useProgressive', () => {
  it('renders the first screen, then a step a frame, until the whole list is there', async () => {
    render(<List total={10} />);
    expect(items()).toBe(3);
    await frames(1);
    expect(items()).toBeGreaterThan(3);
    await frames();
    expect(items()).toBe(10);
  });

  it('renders a short list whole at once', () => {
    render(<List total={2} />);
    expect(items()).toBe(2);
  });

  it('renders what is missing when the page is printed', () => {
    render(<List total={50} />);
    expect(items()).toBe(3);
    act(() => {
      fireEvent(window, new Event('beforeprint'));
    });
    expect(items()).toBe(50);
  });

  it('with fill but nothing laid out, renders the first screen', () => {
    render(<List total={10} fill />);
    expect(items()).toBe(3);
  });

  it('with fill, renders before the first paint what the window shows, and no more', async () => {
    pretendLayout();
    listTop = 350;
    render(<List total={40} fill />);
    // Two at a time: items at 350 … 750 are in the 800-pixel window; the one at 850 is below.
    expect(items()).toBe(6);
    await frames();
    expect(items()).toBe(40);
  });

  it('with fill, takes back what a long guess rendered past the first item below the window', () => {
    pretendLayout();
    listTop = 350;
    render(<List total={40} first={12} fill />);
    // Items at 350 … 750 in the window, the one at 850 below it: kept; 950 … 1450 taken back.
    expect(items()).toBe(6);
  });

  it('with fill, a guess that fills the window is rendered once', () => {
    pretendLayout();
    listTop = 350;
    render(<List total={40} first={6} fill />);
    // 350 … 750 in the window, 850 the first below: nothing to add or take back.
    expect(items()).toBe(6);
    expect(renders).toBe(1);
  });

  it('with fill, leaves out what sticks to the bottom of the window', () => {
    pretendLayout();
    listTop = 350;
    document.documentElement.style.scrollPaddingBottom = '200px';
    render(<List total={40} fill />);
    // Shown down to 600: items at 350, 450, 550; the one at 650, rendered with them, is below.
    expect(items()).toBe(4);
  });

  it('with fill, renders none of a list that starts below the window', () => {
    pretendLayout();
    listTop = 900;
    render(<List total={40} fill />);
    expect(items()).toBe(0);
  });

  it('measures every new list again, a list shown before too', async () => {
    pretendLayout();
    listTop = 350;
    const view = render(<List total={40} restart="a" fill />);
    await frames();
    expect(items()).toBe(40);
    view.rerender(<List total={40} restart="b" fill />);
    expect(items()).toBe(6);
    listTop = 550;
    view.rerender(<List total={40} restart="a" fill />);
    expect(items()).toBe(4);
  });
});
