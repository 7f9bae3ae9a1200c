// Information pages (/privacy, /tos, /terms-and-conditions, /support): a light header, one
// readable column and links between the pages.
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { BrandLogo } from '../../features/shell/BrandLogo';
import { LanguagePicker } from '../../features/shell/LanguagePicker';
import { PageSpinner } from '../../features/shell/LoadingScreen';
import './layouts.css';

const FOOTER_LINKS = [
  { to: '/privacy', label: 'common.footer.privacy' },
  { to: '/tos', label: 'common.footer.tos' },
  { to: '/terms-and-conditions', label: 'common.footer.terms' },
  { to: '/support', label: 'common.footer.support' },
];

export function PagesLayout() {
  const { t } = useTranslation();
  return (
    <div className="pages-layout">
      <header className="pages-layout__header">
        <div className="pages-layout__bar">
          <Link to="/" className="pages-layout__logo" aria-label={t('common.a11y.home')}>
            <BrandLogo size={32} />
          </Link>
          <LanguagePicker />
        </div>
      </header>
      <main className="pages-layout__main">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="pages-layout__footer">
        <nav className="pages-layout__links" aria-label={t('common.footer.support')}>
          {FOOTER_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to}>
              {t(link.label)}
            </NavLink>
          ))}
        </nav>
        <p className="pages-layout__copyright">
          {t('common.footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </footer>
    </div>
  );
}
