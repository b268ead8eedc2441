/**
 * Which pages each role has (decision AB53). The office refuses the rest too: this only keeps the
 * page from offering what would be refused.
 */
import type { Role } from '../../../protocol/web';

export type PageName = 'today' | 'period' | 'search' | 'exports' | 'lists' | 'accounts' | 'users';

export const PAGES: readonly PageName[] = [
  'today',
  'period',
  'search',
  'exports',
  'lists',
  'accounts',
  'users',
];

const ALLOWED: Record<Role, ReadonlySet<PageName>> = {
  owner: new Set(PAGES),
  // A manager changes the lists of their stores; an accountant reads them (the office holds both to it).
  manager: new Set(['today', 'period', 'search', 'lists']),
  accountant: new Set(['today', 'period', 'search', 'exports', 'lists']),
};

export function mayOpen(role: Role, page: PageName): boolean {
  return ALLOWED[role].has(page);
}
