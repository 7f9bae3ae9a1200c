// What the operator needs beside a conversation: the member, the persona, the disclosure exactly
// as the member reads it, and the notes on the member and on this pair.
import { useState, type FormEvent } from 'react';
import { PersonPhoto } from '../ui/PersonPhoto';
import { useConsole, useService } from './context';
import { formatTimestamp } from './format';
import { useConsoleT } from './hooks';
import {
  NOTE_CATEGORIES,
  NOTE_MAX,
  type ConsoleConversation,
  type Note,
  type NoteCategory,
  type PairKey,
} from './protocol';
import { pairKey } from './queue';
import type { MessageKey } from './refusals';

export function ContextPanel() {
  const { t } = useConsoleT();
  const active = useConsole((s) => s.active);
  const locks = useConsole((s) => s.locks);
  const pair = locks.find((l) => pairKey(l) === active);
  const data = useConsole((s) => (active ? (s.conversations[active]?.data ?? null) : null));
  return (
    <aside className="cs-context" aria-label={t('console.context.label')}>
      {pair && data ? (
        <ContextContent pair={pair} data={data} />
      ) : (
        <p className="cs-empty">{t('console.context.none')}</p>
      )}
    </aside>
  );
}

function ContextContent({ pair, data }: { pair: PairKey; data: ConsoleConversation }) {
  const { t, i18n } = useConsoleT();
  const { member, persona } = data;
  // The member's app, in the member's language: the same keys the chat header shows.
  const memberT = i18n.getFixedT(member.language);
  return (
    <div className="cs-context__scroll">
      <section
        className="cs-card cs-disclosure"
        data-testid="member-disclosure"
        lang={member.language}
        dir={member.language === 'he' ? 'rtl' : 'ltr'}
      >
        <h3 className="cs-card__title" lang={i18n.language}>
          {t('console.context.disclosure', {
            language: t(`console.languageName.${member.language}`),
          })}
        </h3>
        <span className="cs-virtual-badge">{memberT('people.virtualBadge')}</span>
        <p className="cs-disclosure__text">{memberT('chat.header.virtualNotice')}</p>
      </section>

      <section className="cs-card" aria-labelledby="cs-member-title">
        <h3 id="cs-member-title" className="cs-card__title">
          {t('console.context.member')}
        </h3>
        <div className="cs-profile">
          <PersonPhoto
            src={member.photos[0] ?? null}
            name={member.name}
            seed={member.id}
            className="cs-avatar cs-avatar--big"
          />
          <div>
            <strong>
              <bdi>
                {member.name}, {member.age}
              </bdi>
            </strong>
            <div className="cs-muted">
              <bdi>{[member.city, member.country].filter(Boolean).join(', ')}</bdi>
            </div>
            <div className="cs-tags">
              <span className="cs-lang-badge">{member.language.toUpperCase()}</span>
              {member.premium === 1 ? (
                <span className="cs-pill">{t('console.context.premium')}</span>
              ) : null}
            </div>
          </div>
        </div>
        {member.bio ? (
          <p className="cs-bio">
            <bdi>{member.bio}</bdi>
          </p>
        ) : null}
        <PhotoStrip urls={member.photos} name={member.name} />
      </section>

      <section className="cs-card" aria-labelledby="cs-persona-title">
        <h3 id="cs-persona-title" className="cs-card__title">
          {t('console.context.persona')}
        </h3>
        <div className="cs-profile">
          <PersonPhoto
            src={persona.photos[0]?.url ?? null}
            name={persona.name}
            seed={persona.id}
            className="cs-avatar cs-avatar--big"
          />
          <div>
            <strong>
              <bdi>
                {persona.name}, {persona.age}
              </bdi>
            </strong>
            <div className="cs-muted">
              <bdi>{persona.city}</bdi>
            </div>
            <div className="cs-tags">
              <span className="cs-lang-badge">{persona.language.toUpperCase()}</span>
            </div>
          </div>
        </div>
        {persona.bio ? (
          <p className="cs-bio">
            <bdi>{persona.bio}</bdi>
          </p>
        ) : null}
        <PhotoStrip urls={persona.photos.map((p) => p.url)} name={persona.name} />
      </section>

      <NotesSection
        title={t('console.notes.member', { name: member.name })}
        notes={data.notes.filter((n) => (n.persona_id ?? null) === null)}
        memberId={member.id}
        personaId={null}
        testId="notes-member"
      />
      <NotesSection
        title={t('console.notes.pair', { member: member.name, persona: persona.name })}
        notes={data.notes.filter((n) => n.persona_id === pair.persona_id)}
        memberId={member.id}
        personaId={pair.persona_id}
        testId="notes-pair"
      />
    </div>
  );
}

function PhotoStrip({ urls, name }: { urls: readonly string[]; name: string }) {
  const { t } = useConsoleT();
  if (urls.length <= 1) return null;
  return (
    <div className="cs-photos">
      {urls.map((url, i) => (
        <a key={url} href={url} target="_blank" rel="noreferrer">
          <img src={url} alt={t('console.context.photo', { name, n: i + 1 })} loading="lazy" />
        </a>
      ))}
    </div>
  );
}

function NotesSection({
  title,
  notes,
  memberId,
  personaId,
  testId,
}: {
  title: string;
  notes: Note[];
  memberId: number;
  personaId: number | null;
  testId: string;
}) {
  const { t } = useConsoleT();
  const [adding, setAdding] = useState(false);
  const sorted = [...notes].sort(
    (a, b) =>
      NOTE_CATEGORIES.indexOf(a.category) - NOTE_CATEGORIES.indexOf(b.category) || a.id - b.id,
  );
  return (
    <section className="cs-card" data-testid={testId}>
      <div className="cs-card__head">
        <h3 className="cs-card__title">
          <bdi>{title}</bdi>
        </h3>
        {!adding ? (
          <button type="button" className="cs-btn cs-btn--small" onClick={() => setAdding(true)}>
            {t('console.notes.add')}
          </button>
        ) : null}
      </div>
      {sorted.length === 0 && !adding ? (
        <p className="cs-muted">{t('console.notes.empty')}</p>
      ) : null}
      <ul className="cs-notes">
        {sorted.map((note) => (
          <NoteRow key={note.id} note={note} />
        ))}
      </ul>
      {adding ? (
        <NoteForm memberId={memberId} personaId={personaId} onDone={() => setAdding(false)} />
      ) : null}
    </section>
  );
}

function NoteRow({ note }: { note: Note }) {
  const { t, say, language } = useConsoleT();
  const service = useService();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<MessageKey | null>(null);
  if (editing) {
    return (
      <li>
        <NoteForm
          note={note}
          memberId={note.member_id}
          personaId={note.persona_id}
          onDone={() => setEditing(false)}
        />
      </li>
    );
  }
  return (
    <li className="cs-note" data-testid="note">
      <span className="cs-note__cat">{t(`console.notes.category.${note.category}`)}</span>
      <bdi className="cs-note__text">{note.text}</bdi>
      <span className="cs-note__meta cs-muted">
        {formatTimestamp(note.updated_at, language, true)}
      </span>
      <span className="cs-note__actions">
        <button type="button" className="cs-link" onClick={() => setEditing(true)}>
          {t('console.notes.edit')}
        </button>
        <button
          type="button"
          className="cs-link cs-link--danger"
          onClick={async () => {
            if (!window.confirm(t('console.notes.confirmDelete'))) return;
            const outcome = await service.deleteNote(note);
            if (!outcome.ok) setError(outcome.message);
          }}
        >
          {t('console.notes.delete')}
        </button>
      </span>
      {error ? <span className="cs-error">{say(error)}</span> : null}
    </li>
  );
}

function NoteForm({
  note,
  memberId,
  personaId,
  onDone,
}: {
  note?: Note;
  memberId: number;
  personaId: number | null;
  onDone: () => void;
}) {
  const { t, say } = useConsoleT();
  const service = useService();
  const [category, setCategory] = useState<NoteCategory>(note?.category ?? 'other');
  const [text, setText] = useState(note?.text ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<MessageKey | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    setBusy(true);
    const outcome = await service.saveNote({
      ...(note ? { id: note.id } : {}),
      member_id: memberId,
      ...(personaId !== null ? { persona_id: personaId } : {}),
      category,
      text: trimmed,
    });
    setBusy(false);
    if (outcome.ok) onDone();
    else setError(outcome.message);
  };

  return (
    <form className="cs-note-form" onSubmit={(e) => void submit(e)} data-testid="note-form">
      <select
        className="cs-select"
        value={category}
        onChange={(e) => setCategory(e.target.value as NoteCategory)}
        aria-label={t('console.notes.categoryLabel')}
      >
        {NOTE_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {t(`console.notes.category.${c}`)}
          </option>
        ))}
      </select>
      <textarea
        className="cs-note-form__text"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={NOTE_MAX}
        rows={2}
        dir="auto"
        aria-label={t('console.notes.text')}
        autoFocus
      />
      {error ? <p className="cs-error">{say(error)}</p> : null}
      <div className="cs-note-form__actions">
        <button type="button" className="cs-btn cs-btn--ghost" onClick={onDone}>
          {t('console.common.cancel')}
        </button>
        <button type="submit" className="cs-btn cs-btn--primary" disabled={busy || !text.trim()}>
          {t('console.notes.save')}
        </button>
      </div>
    </form>
  );
}
