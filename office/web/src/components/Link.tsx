/** A link inside the page: a real <a href> (new tab, copy link) that moves without a reload. */
import type { MouseEvent, ReactNode } from 'react';
import { navigate } from '../app/router';

export function Link({
  to,
  children,
  className,
  current,
  label,
}: {
  to: string;
  children: ReactNode;
  className?: string;
  current?: boolean;
  label?: string;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window (modifier or middle button) is the browser's.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a
      href={to}
      onClick={onClick}
      className={className}
      aria-current={current ? 'page' : undefined}
      aria-label={label}
    >
      {children}
    </a>
  );
}
