// The operator's conversations: a tab per lock, the messages (paging upwards), and the composer
// that writes as the persona (text, gifts, pictures, the persona's photos, canned replies).
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
} from 'react';
import { ACCEPTED_PICTURE_TYPES } from '../features/media/upload';
import { PersonPhoto } from '../ui/PersonPhoto';
import { useConsole, useService } from './context';
import { formatTimestamp } from './format';
import { useConsoleT, useNow } from './hooks';
import type { ConsoleConversation, ConsoleMessage, Lock, PairKey } from './protocol';
import { pairKey } from './queue';
import { highlightSegments, type MessageKey, type Refusal } from './refusals';
import type { ConversationState } from './service';

export function ConversationPane() {
  const { t } = useConsoleT();
  const locks = useConsole((s) => s.locks);
  const active = useConsole((s) => s.active);
  const maxLocks = useConsole((s) => s.maxLocks);
  const activeLock = locks.find((l) => pairKey(l) === active) ?? null;

  return (
    <section className="cs-conv" aria-label={t('console.conversation.label')}>
      <div className="cs-tabs" role="tablist" aria-label={t('console.tabs.label')}>
        {locks.map((lock) => (
          <ConversationTab key={pairKey(lock)} lock={lock} selected={pairKey(lock) === active} />
        ))}
        {maxLocks !== undefined ? (
          <span className="cs-tabs__count">
            {t('console.tabs.count', { n: locks.length, max: maxLocks })}
          </span>
        ) : null}
      </div>
      {activeLock ? (
        <Conversation key={pairKey(activeLock)} pair={activeLock} />
      ) : (
        <div className="cs-empty cs-empty--big">
          <p>{t('console.conversation.none')}</p>
        </div>
      )}
    </section>
  );
}

function ConversationTab({ lock, selected }: { lock: Lock; selected: boolean }) {
  const service = useService();
  const { t } = useConsoleT();
  const conversation = useConsole((s) => s.conversations[pairKey(lock)]?.data ?? null);
  const member = conversation?.member.name ?? `#${lock.member_id}`;
  const persona = conversation?.persona.name ?? `#${lock.persona_id}`;
  const label = t('console.tabs.pair', { member, persona });
  return (
    <div className={`cs-tab${selected ? ' is-selected' : ''}`}>
      <button
        type="button"
        role="tab"
        aria-selected={selected}
        className="cs-tab__open"
        aria-label={label}
        onClick={() => service.open(lock)}
        data-testid="conversation-tab"
      >
        <bdi>{member}</bdi>{' '}
        <span className="cs-arrow" aria-hidden="true">
          →
        </span>{' '}
        <bdi>{persona}</bdi>
      </button>
      <button
        type="button"
        className="cs-tab__release"
        onClick={() => void service.release(lock)}
        title={t('console.tabs.release')}
        aria-label={t('console.tabs.releaseNamed', { name: label })}
        data-testid="conversation-release"
      >
        ×
      </button>
    </div>
  );
}

function Conversation({ pair }: { pair: PairKey }) {
  const { t, say } = useConsoleT();
  const service = useService();
  const state = useConsole((s) => s.conversations[pairKey(pair)]);
  const now = useNow(1000);

  if (!state || (state.loading && !state.data)) {
    return <p className="cs-empty">{t('console.common.loading')}</p>;
  }
  if (!state.data) {
    return (
      <div className="cs-empty">
        <p>{state.error ? say(state.error) : t('console.errors.internal_error')}</p>
        <button
          type="button"
          className="cs-btn"
          onClick={() => void service.loadConversation(pair, true)}
        >
          {t('console.common.retry')}
        </button>
      </div>
    );
  }
  const data = state.data;
  return (
    <div className="cs-conv__body">
      <div className="cs-conv__head">
        <PersonPhoto
          src={data.persona.photos[0]?.url ?? null}
          name={data.persona.name}
          seed={data.persona.id}
          className="cs-avatar"
        />
        <div className="cs-conv__who">
          <strong>
            <bdi>{t('console.conversation.as', { persona: data.persona.name })}</bdi>
          </strong>
          <span className="cs-muted">
            <bdi>
              {t('console.conversation.with', {
                member: data.member.name,
                age: data.member.age,
                city: data.member.city,
              })}
            </bdi>{' '}
            <span className="cs-lang-badge">{data.member.language.toUpperCase()}</span>
          </span>
        </div>
      </div>
      <MessageList pair={pair} state={state} data={data} />
      {state.memberTypingUntil > now ? (
        <p className="cs-typing" role="status" data-testid="member-typing">
          {t('console.conversation.memberTyping', { name: data.member.name })}
        </p>
      ) : null}
      <Composer pair={pair} data={data} />
    </div>
  );
}

function MessageList({
  pair,
  state,
  data,
}: {
  pair: PairKey;
  state: ConversationState;
  data: ConsoleConversation;
}) {
  const { t } = useConsoleT();
  const service = useService();
  const listRef = useRef<HTMLOListElement>(null);
  const lastId = data.messages.at(-1)?.id;
  const firstId = data.messages[0]?.id;
  const previousHeight = useRef<number | null>(null);

  // New messages at the end scroll into view; an older page keeps the reader where they were.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    if (previousHeight.current !== null) {
      list.scrollTop += list.scrollHeight - previousHeight.current;
      previousHeight.current = null;
    } else {
      list.scrollTop = list.scrollHeight;
    }
  }, [lastId, firstId]);

  const older = () => {
    previousHeight.current = listRef.current?.scrollHeight ?? null;
    void service.loadOlder(pair);
  };

  return (
    <ol
      className="cs-messages"
      ref={listRef}
      onScroll={(e) => {
        if (e.currentTarget.scrollTop < 40 && state.hasMore && !state.loadingOlder) older();
      }}
      data-testid="console-messages"
    >
      {state.hasMore ? (
        <li className="cs-messages__more">
          <button
            type="button"
            className="cs-btn cs-btn--ghost"
            onClick={older}
            disabled={state.loadingOlder}
          >
            {state.loadingOlder ? t('console.common.loading') : t('console.conversation.older')}
          </button>
        </li>
      ) : null}
      {data.messages.map((m) => (
        <MessageBubble key={m.id} message={m} />
      ))}
    </ol>
  );
}

function MessageBubble({ message }: { message: ConsoleMessage }) {
  const { t, language } = useConsoleT();
  const mine = message.isMe === 1;
  return (
    <li
      className={`cs-msg ${mine ? 'cs-msg--persona' : 'cs-msg--member'}`}
      data-testid="console-message"
    >
      <div className="cs-msg__bubble">
        <MessageContent message={message} />
      </div>
      <div className="cs-msg__meta">
        <time dateTime={new Date(message.timestamp * 1000).toISOString()}>
          {formatTimestamp(message.timestamp, language, true)}
        </time>
        {mine ? (
          <span className="cs-msg__operator" data-testid="message-operator">
            {message.operator
              ? t('console.conversation.sentBy', { email: message.operator.email })
              : t('console.conversation.sentByUnknown')}
          </span>
        ) : null}
      </div>
    </li>
  );
}

function MessageContent({ message }: { message: ConsoleMessage }) {
  const { t } = useConsoleT();
  switch (message.type) {
    case 'gift':
      return (
        <span className="cs-msg__gift">
          {message.gift ? <img src={message.gift.icon} alt="" width={40} height={40} /> : null}
          <span>{t('console.messageType.giftNamed', { name: message.gift?.gift ?? '' })}</span>
        </span>
      );
    case 'image':
    case 'pphoto': {
      const src = message.thumb ?? message.message;
      if (message.expired === 1 || !src) {
        return <span className="cs-muted">{t('console.messageType.imageExpired')}</span>;
      }
      return (
        <a href={message.message ?? src} target="_blank" rel="noreferrer">
          <img className="cs-msg__image" src={src} alt={t('console.messageType.image')} />
        </a>
      );
    }
    default:
      return <bdi className="cs-msg__text">{message.message}</bdi>;
  }
}

type Picker = 'gifts' | 'photos' | 'canned' | null;

function Composer({ pair, data }: { pair: PairKey; data: ConsoleConversation }) {
  const { t, say, language } = useConsoleT();
  const service = useService();
  const gifts = useConsole((s) => s.gifts);
  const canned = useConsole((s) => s.canned[data.member.language]);
  const [text, setText] = useState('');
  const [picker, setPicker] = useState<Picker>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ refusal: Refusal; text: string } | null>(null);
  const [error, setError] = useState<MessageKey | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (picker === 'gifts') void service.loadGifts();
    if (picker === 'canned') void service.loadCanned(data.member.language);
  }, [picker, service, data.member.language]);

  const send = async (draft: Parameters<typeof service.send>[1]) => {
    setBusy(true);
    setError(null);
    const outcome = await service.send(pair, draft);
    setBusy(false);
    if (outcome.ok) {
      if (draft.type === 'text') setText('');
      setRefusal(null);
      setPicker(null);
      return;
    }
    if (outcome.refusal && draft.type === 'text') {
      setRefusal({ refusal: outcome.refusal, text: draft.text });
    } else {
      setError(outcome.message);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || busy) return;
    void send({ type: 'text', text: trimmed });
  };

  const onType = (value: string) => {
    setText(value);
    // The explanation stays until the offending part is gone from the text.
    const match = refusal?.refusal.match?.toLocaleLowerCase();
    if (refusal && (!match || !value.toLocaleLowerCase().includes(match))) setRefusal(null);
    // The service sends it at most every 2 s per conversation.
    if (value.trim()) service.typing(pair);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setProgress(0);
    const uploaded = await service.upload(pair, file, setProgress);
    setProgress(null);
    if (!uploaded.ok) {
      setError(uploaded.message);
      return;
    }
    await send({ type: 'image', link: uploaded.value });
  };

  return (
    <div className="cs-composer">
      {refusal ? <RefusalBox refusal={refusal.refusal} text={refusal.text} /> : null}
      {error ? (
        <p className="cs-error" role="alert">
          {say(error)}
        </p>
      ) : null}
      {progress !== null ? (
        <div
          className="cs-progress"
          role="progressbar"
          aria-valuenow={Math.round(progress * 100)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label={t('console.composer.uploading')}
        >
          <span style={{ inlineSize: `${Math.round(progress * 100)}%` }} />
        </div>
      ) : null}
      {picker === 'gifts' ? (
        <div className="cs-picker" data-testid="gift-picker">
          {!gifts ? (
            <p className="cs-muted">{t('console.common.loading')}</p>
          ) : (
            gifts.map((g) => (
              <button
                key={g.id}
                type="button"
                className="cs-picker__item"
                onClick={() => void send({ type: 'gift', giftId: g.id })}
                disabled={busy}
              >
                <img src={g.icon} alt="" width={36} height={36} />
                <span>{g.names[language] ?? g.gift}</span>
              </button>
            ))
          )}
        </div>
      ) : null}
      {picker === 'photos' ? (
        <div className="cs-picker" data-testid="pphoto-picker">
          {data.persona.photos.length === 0 ? (
            <p className="cs-muted">{t('console.composer.noPhotos')}</p>
          ) : (
            data.persona.photos.map((p) => (
              <button
                key={p.id}
                type="button"
                className="cs-picker__item cs-picker__item--photo"
                onClick={() => void send({ type: 'pphoto', photoId: p.id })}
                disabled={busy}
              >
                <img
                  src={p.url}
                  alt={t('console.composer.personaPhoto', { name: data.persona.name })}
                />
              </button>
            ))
          )}
        </div>
      ) : null}
      {picker === 'canned' ? (
        <div className="cs-picker cs-picker--list" data-testid="canned-picker">
          {!canned ? (
            <p className="cs-muted">{t('console.common.loading')}</p>
          ) : canned.length === 0 ? (
            <p className="cs-muted">{t('console.composer.noCanned')}</p>
          ) : (
            canned.map((c) => (
              <button
                key={c.id}
                type="button"
                className="cs-canned"
                onClick={() => {
                  onType(text ? `${text} ${c.text}` : c.text);
                  setPicker(null);
                }}
              >
                <strong>{c.title}</strong>
                <bdi className="cs-muted">{c.text}</bdi>
              </button>
            ))
          )}
        </div>
      ) : null}
      <form className="cs-composer__row" onSubmit={submit}>
        <div className="cs-composer__tools">
          <ToolButton
            active={picker === 'canned'}
            onClick={() => setPicker(picker === 'canned' ? null : 'canned')}
            label={t('console.composer.canned')}
            testId="open-canned"
          />
          <ToolButton
            active={picker === 'gifts'}
            onClick={() => setPicker(picker === 'gifts' ? null : 'gifts')}
            label={t('console.composer.gift')}
            testId="open-gifts"
          />
          <ToolButton
            active={picker === 'photos'}
            onClick={() => setPicker(picker === 'photos' ? null : 'photos')}
            label={t('console.composer.personaPhotos')}
            testId="open-pphotos"
          />
          <ToolButton
            active={false}
            onClick={() => fileRef.current?.click()}
            label={t('console.composer.upload')}
            testId="open-upload"
            disabled={progress !== null}
          />
          <input
            ref={fileRef}
            type="file"
            accept={ACCEPTED_PICTURE_TYPES}
            hidden
            onChange={(e) => void onFile(e)}
          />
        </div>
        <textarea
          className="cs-composer__input"
          value={text}
          onChange={(e) => onType(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
          }}
          placeholder={t('console.composer.placeholder', { persona: data.persona.name })}
          aria-label={t('console.composer.label', { persona: data.persona.name })}
          rows={3}
          maxLength={2000}
          dir="auto"
          data-testid="console-composer"
        />
        <button type="submit" className="btn btn-primary cs-send" disabled={busy || !text.trim()}>
          {t('console.composer.send')}
        </button>
      </form>
      <p className="cs-composer__hint cs-muted">{t('console.composer.hint')}</p>
    </div>
  );
}

function ToolButton({
  active,
  onClick,
  label,
  testId,
  disabled = false,
}: {
  active: boolean;
  onClick: () => void;
  label: string;
  testId: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className="cs-tool"
      aria-pressed={active}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
    >
      {label}
    </button>
  );
}

/** Why the text was refused, with the offending part marked; the text stays in the composer. */
export function RefusalBox({ refusal, text }: { refusal: Refusal; text: string }) {
  const { say, t } = useConsoleT();
  const segments = highlightSegments(text, refusal.match);
  return (
    <div className="cs-refusal" role="alert" data-testid="refusal" data-code={refusal.code}>
      <strong className="cs-refusal__title">{say(refusal.title)}</strong>
      <p className="cs-refusal__body">{say(refusal.explanation)}</p>
      <p className="cs-refusal__text">
        <bdi>
          {segments.map((s, i) =>
            s.highlighted ? (
              <mark key={i} data-testid="refusal-match">
                {s.text}
              </mark>
            ) : (
              <span key={i}>{s.text}</span>
            ),
          )}
        </bdi>
      </p>
      {refusal.match ? (
        <p className="cs-muted">{t('console.refusal.found', { match: refusal.match })}</p>
      ) : null}
    </div>
  );
}
