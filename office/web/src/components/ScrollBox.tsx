/** A table that may scroll sideways on a narrow window: reachable and scrollable by keyboard too. */
import type { ReactNode } from 'react';

export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A region named after its table, so a keyboard user knows where the focus stopped.
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
