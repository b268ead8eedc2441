/** The pages this person's role may use; the others are not offered (the office refuses them). */
import type { Role } from '../../../protocol/web';
import { Link } from '../components/Link';
import { useWords } from '../i18n';
import { mayOpen, PAGES, type PageName } from './roles';

export function Nav({ role, current }: { role: Role; current: PageName | 'record' }) {
  const words = useWords();
  const here = current === 'record' ? 'search' : current;
  return (
    <nav aria-label={words.nav.label} className="nav">
      <ul>
        {PAGES.filter((page) => mayOpen(role, page)).map((page) => (
          <li key={page}>
            <Link to={`/app/${page}`} current={page === here}>
              {words.nav[page]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
