/** A keyboard shortcut shown beside its control. */
export function Kbd({ keys }: { keys: string }) {
  return <kbd className="kbd">{keys}</kbd>;
}
