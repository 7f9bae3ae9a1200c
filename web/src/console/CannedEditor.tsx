// Canned replies for admins: per language, edit, add and delete. The server refuses a reply that
// would arrange a meeting or pass contact details, and the editor shows that refusal with the
// offending part, as the composer does (docs/protocol.md "console/admin/canned/save").
import { useEffect, useState } from 'react';
import { LANGUAGES } from '../i18n/languages';
import type { LanguageCode } from '../realtime/protocol';
import { useConsole, useService } from './context';
import { useConsoleT } from './hooks';
import type { CannedReply } from './protocol';
import type { MessageKey } from './refusals';

interface Draft {
  id?: number;
  title: string;
  text: string;
}

export function CannedEditor() {
  const { t, say, language: staffLanguage } = useConsoleT();
  const service = useService();
  const [language, setLanguage] = useState<LanguageCode>(staffLanguage);
  const replies = useConsole((s) => s.canned[language]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<MessageKey | null>(null);

  useEffect(() => {
    void service.loadCanned(language);
  }, [service, language]);

  const save = async () => {
    if (!draft) return;
    setBusy(true);
    const outcome = await service.saveCanned({ ...draft, language });
    setBusy(false);
    if (outcome.ok) {
      setDraft(null);
      setError(null);
    } else {
      setError(outcome.message);
    }
  };
  const remove = async (reply: CannedReply) => {
    if (!window.confirm(t('console.config.canned.confirmDelete', { title: reply.title }))) return;
    const outcome = await service.deleteCanned(reply);
    setError(outcome.ok ? null : outcome.message);
  };

  return (
    <section className="cs-card cs-config__card" data-testid="config-canned">
      <div className="cs-card__head">
        <h3 className="cs-card__title">{t('console.config.canned.title')}</h3>
        <select
          className="cs-select"
          value={language}
          onChange={(e) => {
            setLanguage(e.target.value as LanguageCode);
            setDraft(null);
          }}
          aria-label={t('console.config.canned.language')}
        >
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code}>
              {l.nativeName}
            </option>
          ))}
        </select>
      </div>
      <p className="cs-muted">{t('console.config.canned.lead')}</p>
      <ul className="cs-config__canned" dir={language === 'he' ? 'rtl' : 'ltr'}>
        {(replies ?? []).map((reply) =>
          draft?.id === reply.id ? null : (
            <li key={reply.id} className="cs-config__canned-item">
              <div>
                <strong>{reply.title}</strong>
                <p>{reply.text}</p>
              </div>
              <span className="cs-config__canned-actions">
                <button
                  type="button"
                  className="cs-btn cs-btn--small"
                  onClick={() => setDraft({ id: reply.id, title: reply.title, text: reply.text })}
                >
                  {t('console.config.canned.edit')}
                </button>
                <button
                  type="button"
                  className="cs-btn cs-btn--ghost cs-btn--small"
                  onClick={() => void remove(reply)}
                >
                  {t('console.config.packages.remove')}
                </button>
              </span>
            </li>
          ),
        )}
      </ul>
      {draft ? (
        <div className="cs-config__canned-form" dir={language === 'he' ? 'rtl' : 'ltr'}>
          <label className="field">
            <span className="field-label">{t('console.config.canned.titleLabel')}</span>
            <input
              className="input"
              value={draft.title}
              maxLength={60}
              onChange={(e) => setDraft({ ...draft, title: e.target.value })}
            />
          </label>
          <label className="field">
            <span className="field-label">{t('console.config.canned.text')}</span>
            <textarea
              className="input"
              rows={3}
              value={draft.text}
              maxLength={1000}
              onChange={(e) => setDraft({ ...draft, text: e.target.value })}
            />
          </label>
          <div className="cs-config__actions">
            <span className="cs-config__spacer" />
            <button type="button" className="cs-btn cs-btn--ghost" onClick={() => setDraft(null)}>
              {t('console.common.cancel')}
            </button>
            <button
              type="button"
              className="cs-btn cs-btn--primary"
              disabled={busy || !draft.title.trim() || !draft.text.trim()}
              onClick={() => void save()}
            >
              {t('console.config.canned.save')}
            </button>
          </div>
        </div>
      ) : (
        <div className="cs-config__actions">
          <button
            type="button"
            className="cs-btn"
            onClick={() => setDraft({ title: '', text: '' })}
          >
            {t('console.config.canned.add')}
          </button>
        </div>
      )}
      {error ? (
        <p className="cs-error" role="alert">
          {say(error)}
        </p>
      ) : null}
    </section>
  );
}
