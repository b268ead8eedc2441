/**
 * A table's own entry for a key that came from outside (a newer counter's kind or method, an
 * owner's mapping): a key named like `constructor` or `toString` finds nothing inherited.
 */
export const own = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;
