import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from './BrandLogo';
import './StatusPage.css';

interface StatusPageProps {
  /** The big status number (404, 410), if the page has one. */
  code?: number;
  title: string;
  body: string;
  /** Technical detail (an error message), shown small and left in its own direction. */
  detail?: string | null;
  actions?: ReactNode;
}

/** The frame of the 404, error and expired-link pages: logo, big status number, message, actions. */
export function StatusPage({ code, title, body, detail, actions }: StatusPageProps) {
  const { t } = useTranslation();
  return (
    <main className="status-page">
      <Link to="/" className="status-page__logo" aria-label={t('common.a11y.home')}>
        <BrandLogo />
      </Link>
      <div className="status-page__card">
        {code !== undefined && (
          <p className="status-page__code" aria-hidden="true">
            {code}
          </p>
        )}
        <h1 className="status-page__title">{title}</h1>
        <p className="muted status-page__body">{body}</p>
        {detail && (
          <p className="status-page__detail" dir="auto">
            {detail}
          </p>
        )}
        <div className="status-page__actions">{actions}</div>
      </div>
    </main>
  );
}
