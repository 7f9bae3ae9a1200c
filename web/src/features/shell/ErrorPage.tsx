// The router's errorElement: status code (default 500) and message (spec §2). A failed lazy
// chunk after a deploy is not shown as an error but reloads the page, at most once a minute.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { chunkReloadAllowed, isChunkLoadError, reloadForChunkError } from '../../app/chunkReload';
import { LoadingScreen } from './LoadingScreen';
import { NotFoundPage } from './NotFoundPage';
import { StatusPage } from './StatusPage';

export interface ErrorInfo {
  status: number;
  message: string | null;
}

export function describeError(error: unknown): ErrorInfo {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const message = typeof data === 'string' && data ? data : error.statusText || null;
    return { status: error.status, message };
  }
  if (error instanceof Error) return { status: 500, message: error.message || null };
  return { status: 500, message: null };
}

export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  // Decided once: after the reload starts the guard is set, and a re-render must not flip to
  // the error view while the browser is already navigating away.
  const [reloading] = useState(() => isChunkLoadError(error) && chunkReloadAllowed());
  useEffect(() => {
    if (reloading) reloadForChunkError();
  }, [reloading]);

  if (reloading) return <LoadingScreen />;
  const { status, message } = describeError(error);
  if (status === 404) return <NotFoundPage />;
  return (
    <StatusPage
      code={status}
      title={t('common.error.title')}
      body={t('common.error.body')}
      detail={message}
      actions={
        <>
          <button type="button" className="btn btn-primary" onClick={() => location.reload()}>
            {t('common.error.retry')}
          </button>
          <Link to="/" className="btn btn-secondary">
            {t('common.error.home')}
          </Link>
        </>
      }
    />
  );
}
