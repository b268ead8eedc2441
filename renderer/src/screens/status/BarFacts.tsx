/**
 * The status bar's facts on one line (decision AC1): each is shown whole where it fits, in the
 * order given (the first the most wanted); one that does not fit is put away — out of the line,
 * unseen and unreachable there — and said in the details that one button opens. Measured from the
 * facts' own boxes whenever the room or a fact's size changes: a put-away fact keeps its natural
 * width (laid out aside, unseen), so the next measure needs no second pass.
 */
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';

export interface Fact {
  key: string;
  node: ReactNode;
  /** Something is wrong: the details' button takes the warning look while it holds this fact. */
  warn?: boolean;
}

/**
 * Which facts do not fit (their widths with the space before them): taken in order, each kept
 * while the room left holds it, so a long fact put away leaves its room to a shorter one after it.
 * Empty facts take no room.
 */
export function awayOf(widths: readonly number[], room: number): number[] {
  const away: number[] = [];
  let used = 0;
  widths.forEach((width, i) => {
    if (width <= 0) return;
    // Half a pixel of slack: boxes are measured in fractions.
    if (used + width <= room + 0.5) used += width;
    else away.push(i);
  });
  return away;
}

/**
 * The facts put away. The room is the line's without the details' button when all would fit
 * then (the button goes), else with it: a window made wider brings them back (no lingering
 * because of the button's own width). The button not yet there, the next measure counts it.
 */
function measure(row: HTMLElement): string[] {
  // A line that may wrap (below 1024 px) puts nothing away.
  if (getComputedStyle(row).flexWrap === 'wrap') return [];
  const facts = Array.from(row.children) as HTMLElement[];
  const widths = facts.map(
    (f) => f.getBoundingClientRect().width + (parseFloat(getComputedStyle(f).marginLeft) || 0),
  );
  const more = row.nextElementSibling?.classList.contains('bar-more')
    ? row.nextElementSibling.getBoundingClientRect().width +
      (parseFloat(getComputedStyle(row.parentElement!).columnGap) || 0)
    : 0;
  const without = awayOf(widths, row.clientWidth + more);
  const away = without.length === 0 || more === 0 ? without : awayOf(widths, row.clientWidth);
  return away.map((i) => facts[i]!.dataset.fact!);
}

export function BarFacts({ facts }: { facts: Fact[] }) {
  const row = useRef<HTMLDivElement>(null);
  const [away, setAway] = useState<string[]>([]);
  const keys = facts.map((f) => f.key).join(' ');

  useLayoutEffect(() => {
    const el = row.current;
    if (!el) return;
    const fit = () => {
      const next = measure(el);
      setAway((was) => (was.join(' ') === next.join(' ') ? was : next));
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    for (const fact of Array.from(el.children)) observer.observe(fact);
    return () => observer.disconnect();
  }, [keys]);

  const awayFacts = facts.filter((f) => away.includes(f.key));
  return (
    <>
      <div className="bar-facts" ref={row}>
        {facts.map((f) => {
          const isAway = away.includes(f.key);
          return (
            <div
              key={f.key}
              data-fact={f.key}
              className={`bar-fact${isAway ? ' away' : ''}`}
              aria-hidden={isAway || undefined}
              inert={isAway || undefined}
            >
              {f.node}
            </div>
          );
        })}
      </div>
      {awayFacts.length > 0 && <BarDetails facts={awayFacts} />}
    </>
  );
}

/** One button, and the facts put away in a small dialog above it (Escape or a click outside closes). */
function BarDetails({ facts }: { facts: Fact[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    // The dialog stands above the bar, always in view: focusing it must not scroll the day.
    panel.current?.focus({ preventScroll: true });
    const outside = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    // Closes the details only: not the app's "back".
    e.preventDefault();
    e.stopPropagation();
    close();
  };

  return (
    <div className="bar-more" ref={wrap} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={`more-button${facts.some((f) => f.warn) ? ' attention' : ''}`}
        aria-expanded={open}
        aria-controls={id}
        aria-haspopup="dialog"
        onClick={() => setOpen((o) => !o)}
      >
        {t('statusBar.more.button', { count: facts.length })}
      </button>
      <div
        id={id}
        ref={panel}
        role="dialog"
        aria-label={t('statusBar.more.label')}
        className="bar-details"
        tabIndex={-1}
        hidden={!open}
      >
        {open && (
          <ul>
            {facts.map((f) => (
              <li key={f.key}>{f.node}</li>
            ))}
          </ul>
        )}
        <button type="button" onClick={close}>
          {t('statusBar.more.close')}
        </button>
      </div>
    </div>
  );
}
