// Admin: personas (docs/protocol.md "Admin: personas"): the virtual profiles operators answer as.
// The list with a filter, an editor for the profile and the like-back setting, photos through the
// same upload as members' (re-encoded, no metadata), disabling and enabling, and the canned
// replies operators insert. The server checks everything again and audits every change.
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
} from 'react';
import { ACCEPTED_PICTURE_TYPES } from '../features/media/upload';
import { languageInfo, LANGUAGES } from '../i18n/languages';
import type { PhotoEntry, PlaceSuggestion } from '../realtime/protocol';
import { ConfirmDialog, ErrorLine } from './ui';
import { CannedEditor } from './CannedEditor';
import { useService } from './context';
import { useConsoleT } from './hooks';
import {
  filterPersonas,
  isPersonaField,
  MAX_LIKE_BACK_DELAY_S,
  newPersonaForm,
  PERSONA_BIO_MAX,
  PERSONA_NAME_MAX,
  PERSONA_PHOTO_SLOTS,
  personaDraft,
  personaForm,
  withPersona,
  type PersonaField,
  type PersonaForm,
} from './personas';
import type { AdminPersona } from './protocol';
import type { MessageKey } from './refusals';
import './personas.css';

/** Cards drawn at a time: the demo catalogue alone has hundreds of personas. */
const PERSONAS_PAGE = 60;

export function PersonasSection() {
  const { t } = useConsoleT();
  const service = useService();
  const [personas, setPersonas] = useState<AdminPersona[] | null>(null);
  const [error, setError] = useState<MessageKey | null>(null);
  const [filter, setFilter] = useState('');
  const [shownCount, setShownCount] = useState(PERSONAS_PAGE);
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  useEffect(() => {
    let live = true;
    void service.personas().then((outcome) => {
      if (!live) return;
      setPersonas(outcome.ok ? outcome.value : null);
      setError(outcome.ok ? null : outcome.message);
    });
    return () => {
      live = false;
    };
  }, [service]);

  const changed = (persona: AdminPersona) =>
    setPersonas((list) => withPersona(list ?? [], persona));

  if (editing !== null) {
    const persona = editing === 'new' ? null : (personas?.find((p) => p.id === editing) ?? null);
    return (
      <PersonaEditor
        persona={persona}
        onBack={() => setEditing(null)}
        onChanged={(saved) => {
          changed(saved);
          setEditing(saved.id);
        }}
      />
    );
  }

  const shown = personas ? filterPersonas(personas, filter) : [];
  return (
    <>
      <section className="cs-card cs-admin__card" data-testid="personas-list">
        <p className="cs-muted cs-personas__lead">{t('console.admin.personas.lead')}</p>
        <div className="cs-admin__search">
          <label className="field cs-grow">
            <span className="field-label">{t('console.admin.personas.searchLabel')}</span>
            <input
              className="input"
              type="search"
              value={filter}
              onChange={(e) => {
                setFilter(e.target.value);
                setShownCount(PERSONAS_PAGE);
              }}
              placeholder={t('console.admin.personas.searchPlaceholder')}
              maxLength={60}
              data-testid="personas-filter"
            />
          </label>
          <button
            type="button"
            className="cs-btn cs-btn--primary"
            onClick={() => setEditing('new')}
            data-testid="persona-new"
          >
            {t('console.admin.personas.new')}
          </button>
        </div>
        <ErrorLine error={error} />
        {personas && personas.length > 0 ? (
          <p className="cs-muted" aria-live="polite">
            {t('console.admin.personas.count', { shown: shown.length, total: personas.length })}
          </p>
        ) : null}
        {personas && personas.length === 0 ? (
          <p className="cs-muted">{t('console.admin.personas.empty')}</p>
        ) : null}
        {personas && personas.length > 0 && shown.length === 0 ? (
          <p className="cs-muted">{t('console.admin.personas.noMatch')}</p>
        ) : null}
        <ul className="cs-personas__grid">
          {shown.slice(0, shownCount).map((p) => (
            <li key={p.id}>
              <PersonaCard persona={p} onOpen={() => setEditing(p.id)} />
            </li>
          ))}
        </ul>
        {shown.length > shownCount ? (
          <button
            type="button"
            className="cs-btn cs-personas__more"
            onClick={() => setShownCount((n) => n + PERSONAS_PAGE)}
            data-testid="personas-more"
          >
            {t('console.admin.personas.showMore', {
              count: Math.min(PERSONAS_PAGE, shown.length - shownCount),
            })}
          </button>
        ) : null}
      </section>
      <CannedEditor />
    </>
  );
}

function PersonaCard({ persona, onOpen }: { persona: AdminPersona; onOpen: () => void }) {
  const { t, language } = useConsoleT();
  const photo = persona.photos[0]?.thumb;
  const city =
    language === 'he' && persona.place.name_he ? persona.place.name_he : persona.place.name;
  return (
    <button
      type="button"
      className={`cs-persona-card${persona.disabled ? ' is-disabled' : ''}`}
      onClick={onOpen}
      data-testid="persona-card"
      data-persona-id={persona.id}
    >
      {photo ? (
        <img className="cs-persona-card__photo" src={photo} alt="" loading="lazy" />
      ) : (
        <span className="cs-persona-card__photo cs-persona-card__photo--none">
          {t('console.admin.personas.noPhoto')}
        </span>
      )}
      <span className="cs-persona-card__body">
        <span className="cs-persona-card__name">
          <bdi>{persona.name}</bdi>, {persona.age}
        </span>
        <span className="cs-muted">
          <bdi>{city}</bdi> · <span className="cs-lang-badge">{persona.language}</span>
        </span>
        <span className="cs-muted">
          {t('console.admin.personas.likesBackShort', { percent: persona.likes_back_percent })}
        </span>
        <span className="cs-persona-card__badges">
          <span className={`cs-badge ${persona.disabled ? 'cs-badge--danger' : 'cs-badge--ok'}`}>
            {t(
              persona.disabled
                ? 'console.admin.personas.disabled'
                : 'console.admin.personas.active',
            )}
          </span>
          {persona.key ? (
            <span className="cs-badge cs-badge--warn">{t('console.admin.personas.demo')}</span>
          ) : null}
        </span>
      </span>
    </button>
  );
}

function PersonaEditor({
  persona,
  onBack,
  onChanged,
}: {
  persona: AdminPersona | null;
  onBack: () => void;
  onChanged: (persona: AdminPersona) => void;
}) {
  const { t, language } = useConsoleT();
  const service = useService();
  const [form, setForm] = useState<PersonaForm>(() =>
    persona ? personaForm(persona, language) : newPersonaForm(language, new Date()),
  );
  const [fieldError, setFieldError] = useState<PersonaField | null>(null);
  const [error, setError] = useState<MessageKey | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDisable, setConfirmDisable] = useState(false);
  const formId = useId();

  const update = <K extends keyof PersonaForm>(key: K, value: PersonaForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = personaDraft(form);
    if (!checked.ok) {
      setFieldError(checked.field);
      setError(null);
      return;
    }
    setBusy(true);
    const outcome = await service.savePersona(checked.draft);
    setBusy(false);
    if (!outcome.ok) {
      const field = outcome.details.field;
      setFieldError(isPersonaField(field) ? field : null);
      setError(isPersonaField(field) ? null : outcome.message);
      setNotice(null);
      return;
    }
    setFieldError(null);
    setError(null);
    setNotice(
      persona
        ? t('console.admin.personas.saved')
        : t('console.admin.personas.created', { name: outcome.value.name }),
    );
    setForm(personaForm(outcome.value, language));
    onChanged(outcome.value);
  };

  const setDisabled = async (disabled: boolean) => {
    if (!persona) return;
    setBusy(true);
    const outcome = await service.setPersonaDisabled(persona.id, disabled);
    setBusy(false);
    setConfirmDisable(false);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    setError(null);
    setNotice(
      t(disabled ? 'console.admin.personas.disabledNow' : 'console.admin.personas.enabledNow', {
        name: outcome.value.name,
      }),
    );
    onChanged(outcome.value);
  };

  const fieldProblem = (field: PersonaField) =>
    fieldError === field ? (
      <span className="cs-error" role="alert" id={`${formId}-${field}-error`}>
        {t(`console.admin.personas.fieldErrors.${field}`)}
      </span>
    ) : null;
  const invalid = (field: PersonaField) =>
    fieldError === field
      ? { 'aria-invalid': true, 'aria-describedby': `${formId}-${field}-error` }
      : {};
  type TextKey = 'name' | 'birthDate' | 'ageMin' | 'ageMax' | 'likesBackPercent' | 'likeBackDelay';
  // A text input's value, its change, its test id, and the refusal it is described by.
  const textProps = (key: TextKey, field: PersonaField, testId: string) => ({
    value: form[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => update(key, e.target.value),
    'data-testid': testId,
    ...invalid(field),
  });

  return (
    <section className="cs-admin__member cs-personas__editor" data-testid="persona-editor">
      <div className="cs-admin__member-head">
        <button type="button" className="cs-link" onClick={onBack} data-testid="persona-back">
          {t('console.admin.personas.back')}
        </button>
        <h3 className="cs-admin__name">
          {persona
            ? t('console.admin.personas.editTitle', { name: persona.name })
            : t('console.admin.personas.createTitle')}
        </h3>
        {persona ? (
          <span className={`cs-badge ${persona.disabled ? 'cs-badge--danger' : 'cs-badge--ok'}`}>
            {t(
              persona.disabled
                ? 'console.admin.personas.disabled'
                : 'console.admin.personas.active',
            )}
          </span>
        ) : null}
      </div>
      {notice ? (
        <p className="cs-admin__ok" role="status" data-testid="persona-notice">
          {notice}
        </p>
      ) : null}
      <ErrorLine error={error} />
      <div className="cs-personas__layout">
        <form
          className="cs-card cs-personas__form"
          onSubmit={(e) => void submit(e)}
          noValidate
          data-testid="persona-form"
        >
          <h4 className="cs-card__title">{t('console.admin.personas.profileTitle')}</h4>
          <div className="cs-personas__fields">
            <Labelled
              label={t('console.admin.personas.name')}
              hint={t('console.admin.personas.nameHint')}
              problem={fieldProblem('name')}
            >
              <input
                className="input"
                maxLength={PERSONA_NAME_MAX + 10}
                dir="auto"
                {...textProps('name', 'name', 'persona-name')}
              />
            </Labelled>
            <Choice
              label={t('console.admin.personas.language')}
              value={form.language}
              options={LANGUAGES.map((l) => l.code)}
              labelOf={(code) => languageInfo(code).nativeName}
              onChange={(code) => update('language', code)}
              testId="persona-language"
            />
            <Labelled
              label={t('console.admin.personas.birthDate')}
              problem={fieldProblem('birth_date')}
            >
              <input
                className="input"
                type="date"
                {...textProps('birthDate', 'birth_date', 'persona-birth-date')}
              />
            </Labelled>
            <Choice
              label={t('console.admin.personas.gender')}
              value={form.gender}
              options={[1, 2, 3] as const}
              labelOf={(g) => t(`console.admin.personas.genders.${g}`)}
              onChange={(g) => update('gender', g)}
              testId="persona-gender"
            />
            <Choice
              label={t('console.admin.personas.lookingFor')}
              value={form.lookingFor}
              options={[1, 2] as const}
              labelOf={(g) => t(`console.admin.personas.lookingForOptions.${g}`)}
              onChange={(g) => update('lookingFor', g)}
              testId="persona-looking-for"
            />
            <fieldset className="cs-personas__range">
              <legend className="field-label">{t('console.admin.personas.ageFrom')}</legend>
              <input
                className="input"
                inputMode="numeric"
                aria-label={t('console.admin.personas.ageFrom')}
                {...textProps('ageMin', 's_age', 'persona-age-min')}
              />
              <span>{t('console.admin.personas.ageTo')}</span>
              <input
                className="input"
                inputMode="numeric"
                aria-label={t('console.admin.personas.ageTo')}
                {...textProps('ageMax', 's_age', 'persona-age-max')}
              />
              {fieldProblem('s_age')}
            </fieldset>
            <Choice
              label={t('console.admin.personas.answer')}
              value={form.answer}
              options={[1, 2, 3, 4, 5, 6]}
              labelOf={(a) => t(`console.admin.personas.answers.${a}`)}
              onChange={(a) => update('answer', a)}
              testId="persona-answer"
            />
            <CityPicker
              place={form.place}
              onPick={(place) => update('place', place)}
              problem={fieldProblem('place_id')}
            />
            <Labelled
              label={t('console.admin.personas.bio')}
              hint={t('console.admin.personas.bioCount', {
                count: [...form.bio].length,
                max: PERSONA_BIO_MAX,
              })}
              problem={fieldProblem('bio')}
              wide
            >
              <textarea
                className="input cs-personas__bio"
                value={form.bio}
                onChange={(e) => update('bio', e.target.value)}
                rows={4}
                dir="auto"
                data-testid="persona-bio"
                {...invalid('bio')}
              />
            </Labelled>
          </div>
          <h4 className="cs-card__title">{t('console.admin.personas.likeBackTitle')}</h4>
          <p className="cs-admin__hint">{t('console.admin.personas.likeBackLead')}</p>
          <div className="cs-personas__fields">
            <Labelled
              label={t('console.admin.personas.likesBackPercent')}
              problem={fieldProblem('likes_back_percent')}
            >
              <input
                className="input"
                type="number"
                min={0}
                max={100}
                {...textProps('likesBackPercent', 'likes_back_percent', 'persona-likes-back')}
              />
            </Labelled>
            <Labelled
              label={t('console.admin.personas.likeBackDelay')}
              problem={fieldProblem('like_back_delay_s')}
            >
              <input
                className="input"
                type="number"
                min={0}
                max={MAX_LIKE_BACK_DELAY_S}
                {...textProps('likeBackDelay', 'like_back_delay_s', 'persona-like-back-delay')}
              />
            </Labelled>
          </div>
          <div className="cs-config__actions">
            <button
              type="submit"
              className="cs-btn cs-btn--primary"
              disabled={busy}
              data-testid="persona-save"
            >
              {t(persona ? 'console.admin.personas.save' : 'console.admin.personas.create')}
            </button>
          </div>
        </form>
        {persona ? (
          <div className="cs-personas__side">
            <PersonaPhotos persona={persona} onChanged={onChanged} />
            <section className="cs-card">
              <h4 className="cs-card__title">{t('console.admin.personas.statusTitle')}</h4>
              <p className="cs-admin__hint">
                {t(
                  persona.disabled
                    ? 'console.admin.personas.disabledExplained'
                    : 'console.admin.personas.activeExplained',
                )}
              </p>
              {persona.disabled ? (
                <button
                  type="button"
                  className="cs-btn cs-btn--primary"
                  disabled={busy}
                  onClick={() => void setDisabled(false)}
                  data-testid="persona-enable"
                >
                  {t('console.admin.personas.enable')}
                </button>
              ) : (
                <button
                  type="button"
                  className="cs-btn cs-btn--danger"
                  disabled={busy}
                  onClick={() => setConfirmDisable(true)}
                  data-testid="persona-disable"
                >
                  {t('console.admin.personas.disable')}
                </button>
              )}
            </section>
          </div>
        ) : null}
      </div>
      {confirmDisable && persona ? (
        <ConfirmDialog
          title={t('console.admin.personas.disableTitle', { name: persona.name })}
          body={t('console.admin.personas.disableBody')}
          confirmLabel={t('console.admin.personas.disableConfirm')}
          onClose={() => setConfirmDisable(false)}
          onConfirm={() => void setDisabled(true)}
          busy={busy}
          danger
          testId="admin-confirm"
        />
      ) : null}
    </section>
  );
}

/** Suggestions from the places table as the admin types; only a picked suggestion is a city. */
function CityPicker({
  place,
  onPick,
  problem,
}: {
  place: { id: number; name: string } | null;
  onPick: (place: { id: number; name: string }) => void;
  problem: ReactNode;
}) {
  const { t, language } = useConsoleT();
  const service = useService();
  const [query, setQuery] = useState('');
  const [suggestions, setSuggestions] = useState<PlaceSuggestion[]>([]);
  const listId = useId();
  // A cleared field shows nothing, whatever the last search found.
  const shownSuggestions = query.trim() ? suggestions : [];

  useEffect(() => {
    const search = query.trim();
    if (!search) return;
    let live = true;
    const timer = setTimeout(() => {
      void service.searchPlaces(search, language).then((outcome) => {
        if (live) setSuggestions(outcome.ok ? outcome.value : []);
      });
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, language, service]);

  return (
    <div className="field cs-personas__city">
      <label className="field-label" htmlFor={`${listId}-input`}>
        {t('console.admin.personas.city')}
      </label>
      {place ? (
        <span className="cs-personas__chosen" data-testid="persona-city-chosen">
          {t('console.admin.personas.cityChosen', { city: place.name })}
        </span>
      ) : null}
      <input
        id={`${listId}-input`}
        className="input"
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder={t('console.admin.personas.cityPlaceholder')}
        autoComplete="off"
        aria-controls={listId}
        data-testid="persona-city"
      />
      {shownSuggestions.length > 0 ? (
        <ul className="cs-personas__suggestions" id={listId}>
          {shownSuggestions.map((s) => (
            <li key={s.place_id}>
              <button
                type="button"
                className="cs-personas__suggestion"
                onClick={() => {
                  onPick({ id: s.place_id, name: s.description });
                  setQuery('');
                  setSuggestions([]);
                }}
                data-testid="persona-city-suggestion"
              >
                {s.description}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {problem}
    </div>
  );
}

function PersonaPhotos({
  persona,
  onChanged,
}: {
  persona: AdminPersona;
  onChanged: (persona: AdminPersona) => void;
}) {
  const { t } = useConsoleT();
  const service = useService();
  const fileRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<MessageKey | null>(null);
  const [deleting, setDeleting] = useState<PhotoEntry | null>(null);

  const photosChanged = (photos: PhotoEntry[]) => onChanged({ ...persona, photos, edited: 1 });

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProgress(0);
    const outcome = await service.addPersonaPhoto(persona.id, file, setProgress);
    setProgress(null);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    setError(null);
    photosChanged(outcome.value);
  };

  const remove = async () => {
    if (!deleting) return;
    const outcome = await service.deletePersonaPhoto(persona.id, deleting.id);
    setDeleting(null);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    setError(null);
    photosChanged(outcome.value);
  };

  const full = persona.photos.length >= PERSONA_PHOTO_SLOTS;
  return (
    <section className="cs-card" data-testid="persona-photos">
      <h4 className="cs-card__title">{t('console.admin.personas.photosTitle')}</h4>
      <p className="cs-admin__hint">{t('console.admin.personas.photosLead')}</p>
      <ul className="cs-personas__photos">
        {persona.photos.map((photo, index) => (
          <li key={photo.id} className="cs-personas__photo">
            <img
              src={photo.thumb}
              alt={t('console.admin.personas.photoOf', { n: index + 1, name: persona.name })}
            />
            <button
              type="button"
              className="cs-personas__photo-delete"
              onClick={() => setDeleting(photo)}
              aria-label={t('console.admin.personas.deletePhoto')}
              title={t('console.admin.personas.deletePhoto')}
              data-testid="persona-photo-delete"
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {progress !== null ? (
        <p className="cs-muted" role="status">
          {t('console.admin.personas.uploading', { percent: Math.round(progress * 100) })}
        </p>
      ) : null}
      <ErrorLine error={error} />
      <button
        type="button"
        className="cs-btn"
        disabled={full || progress !== null}
        onClick={() => fileRef.current?.click()}
        data-testid="persona-photo-add"
      >
        {t('console.admin.personas.addPhoto')}
      </button>
      <input
        ref={fileRef}
        type="file"
        accept={ACCEPTED_PICTURE_TYPES}
        hidden
        onChange={(e) => void onFile(e)}
        data-testid="persona-photo-input"
      />
      {deleting ? (
        <ConfirmDialog
          title={t('console.admin.personas.deletePhotoTitle')}
          body={t('console.admin.personas.deletePhotoBody')}
          confirmLabel={t('console.admin.personas.deletePhoto')}
          onClose={() => setDeleting(null)}
          onConfirm={() => void remove()}
          danger
          testId="admin-confirm"
        />
      ) : null}
    </section>
  );
}

/** A form control under its label, with an optional hint and the refusal that points at it. */
function Labelled({
  label,
  hint,
  problem,
  wide = false,
  children,
}: {
  label: string;
  hint?: string;
  problem?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <label className={wide ? 'field cs-personas__wide' : 'field'}>
      <span className="field-label">{label}</span>
      {children}
      {hint ? <span className="cs-admin__hint">{hint}</span> : null}
      {problem}
    </label>
  );
}

/** One of a few fixed values, as a select under its label. */
function Choice<V extends string | number>({
  label,
  value,
  options,
  labelOf,
  onChange,
  testId,
}: {
  label: string;
  value: V;
  options: readonly V[];
  labelOf: (value: V) => string;
  onChange: (value: V) => void;
  testId: string;
}) {
  return (
    <Labelled label={label}>
      <select
        className="cs-select"
        value={value}
        onChange={(e) => {
          const picked = options.find((o) => String(o) === e.target.value);
          if (picked !== undefined) onChange(picked);
        }}
        data-testid={testId}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {labelOf(o)}
          </option>
        ))}
      </select>
    </Labelled>
  );
}
