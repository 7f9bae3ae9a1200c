// Shows the current notice ("User blocked", "Report submitted") at the top of the screen.
import { useTranslation } from 'react-i18next';
import { useNotice } from './overlays';

export function NoticeHost() {
  const { t } = useTranslation();
  const notice = useNotice((s) => s.notice);
  const dismiss = useNotice((s) => s.dismiss);
  return (
    <div className="notice-region" role="status" aria-live="polite">
      {notice && (
        <div
          key={notice.id}
          className={`notice notice--${notice.tone}`}
          data-testid="people-notice"
        >
          <span className="notice__icon" aria-hidden="true">
            {notice.tone === 'success' ? '✓' : notice.tone === 'error' ? '!' : 'i'}
          </span>
          <span className="notice__text">{notice.text}</span>
          <button
            type="button"
            className="notice__close"
            onClick={dismiss}
            aria-label={t('people.notice.dismiss')}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
