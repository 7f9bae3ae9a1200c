// The profile edit overlay (spec §2), opened from /profile: the photo slots, whose photos are saved
// as soon as they are uploaded, and the fields name, bio, gender and "looking for", saved together
// with user/update. Age follows the birth date and is shown locked.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BIO_MAX, NAME_INPUT_MAXLENGTH } from '../../app/constants';
import { useAppStore } from '../../app/store';
import type { Gender, User } from '../../realtime/protocol';
import { Dialog } from '../../ui/Dialog';
import { Icon } from '../../ui/icons';
import type { MessageKey } from '../auth/errors';
import { ChoiceGroup, type Choice } from '../auth/ChoiceGroup';
import { sanitizeNameInput } from '../auth/validation';
import { PhotoSlots } from '../media/PhotoSlots';
import { PHOTO_SLOTS } from '../media/photoSlots';
import { updateUser } from '../settings/api';
import { LazyExtrasEditor } from './extras/lazy';
import {
  fieldOfUpdate,
  fieldsFromUser,
  isProfileDirty,
  profileChanges,
  validateProfile,
  type ProfileFields,
} from './profileEdit';
import './ProfileEditOverlay.css';

const ANSWERS = [1, 2, 3, 4, 5, 6] as const;

export function ProfileEditOverlay({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const user = useAppStore((s) => s.user);
  const slots = useAppStore((s) => s.configs.site?.photo_slots) ?? PHOTO_SLOTS;
  const titleId = useId();
  const photosHintId = useId();
  if (!user) return null;

  return (
    <Dialog onClose={onClose} labelledBy={titleId} className="profile-edit" testId="profile-edit">
      <header className="profile-edit__header">
        <h2 id={titleId} className="profile-edit__title">
          {t('profile.edit.title')}
        </h2>
        <button
          type="button"
          className="profile-edit__close"
          onClick={onClose}
          aria-label={t('common.a11y.close')}
          data-testid="profile-edit-close"
        >
          <Icon name="close" size={20} strokeWidth={2} />
        </button>
      </header>
      <div className="profile-edit__scroll">
        <section className="profile-edit__photos" aria-labelledby={`${titleId}-photos`}>
          <h3 id={`${titleId}-photos`} className="profile-edit__section-title">
            {t('profile.edit.photos')}
          </h3>
          <p id={photosHintId} className="muted profile-edit__lead">
            {t('profile.edit.photosLead', { count: slots })}
          </p>
          <PhotoSlots count={slots} describedBy={photosHintId} />
        </section>
        {/* Another account means another baseline: remount rather than reconcile. */}
        <FieldsForm key={user.id} user={user} />
        <LazyExtrasEditor key={`extras-${user.id}`} user={user} />
      </div>
    </Dialog>
  );
}

type SaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | ({ kind: 'error' } & MessageKey);

type FieldErrors = Partial<Record<'name' | 'bio', MessageKey>>;

function FieldsForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const formId = useId();
  const language = user.language;
  // The baseline is what the server holds; it moves forward with every confirmed update.
  const [saved, setSaved] = useState<ProfileFields>(() => fieldsFromUser(user));
  const [form, setForm] = useState<ProfileFields>(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const dirty = isProfileDirty(saved, form, language);
  const saving = state.kind === 'saving';

  function edit(patch: Partial<ProfileFields>) {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => ({
      name: 'name' in patch ? undefined : current.name,
      bio: 'bio' in patch ? undefined : current.bio,
    }));
    if (!saving) setState({ kind: 'idle' });
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!dirty || saving) return;
    const found = validateProfile(form, language);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setState({ kind: 'saving' });
    let baseline = saved;
    let fresh: User | null = null;
    for (const update of profileChanges(saved, form, language)) {
      const outcome = await updateUser(update);
      if (outcome.kind === 'network') {
        setState({ kind: 'error', key: 'errors.network' });
        return;
      }
      if (outcome.kind === 'refused') {
        const code = outcome.code ?? 'internal_error';
        const key =
          code === 'invalid_name' && language === 'he'
            ? 'errors.invalid_name_he'
            : `errors.${code}`;
        const field = fieldOfUpdate(update.key);
        if (field) {
          setErrors({ [field]: { key } });
          setState({ kind: 'idle' });
        } else {
          setState({ kind: 'error', key });
        }
        return;
      }
      if (outcome.user) {
        fresh = outcome.user;
        useAppStore.getState().setUser(outcome.user);
      }
      // Fields saved before a later one fails stay saved; only the rest remains dirty.
      baseline = { ...baseline, [update.key]: form[update.key as keyof ProfileFields] };
      setSaved(baseline);
    }
    // The server's own version (a bio without HTML, a tidied name) becomes the form.
    if (fresh) {
      const server = fieldsFromUser(fresh);
      setSaved(server);
      setForm(server);
    }
    setState({ kind: 'saved' });
  }

  const genderChoices: Choice<Gender>[] = [
    { value: 1, label: t('auth.register.gender.man'), testId: 'profile-edit-gender-man' },
    { value: 2, label: t('auth.register.gender.woman'), testId: 'profile-edit-gender-woman' },
    { value: 3, label: t('auth.register.gender.other'), testId: 'profile-edit-gender-other' },
  ];
  const bioLength = Array.from(form.bio).length;

  return (
    <>
      <form
        id={formId}
        className="profile-edit__fields"
        onSubmit={save}
        noValidate
        data-testid="profile-edit-form"
      >
        <h3 className="profile-edit__section-title">{t('profile.edit.about')}</h3>

        <div className="field">
          <label className="field-label" htmlFor={`${formId}-name`}>
            {t('profile.edit.name')}
          </label>
          <input
            id={`${formId}-name`}
            className="input"
            type="text"
            value={form.name}
            onChange={(e) => edit({ name: sanitizeNameInput(e.target.value, language) })}
            maxLength={NAME_INPUT_MAXLENGTH}
            autoComplete="given-name"
            autoCapitalize="words"
            spellCheck={false}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={`${formId}-name-note`}
            data-testid="profile-edit-name"
          />
          {errors.name ? (
            <p id={`${formId}-name-note`} className="field-error" role="alert">
              {t(errors.name.key, errors.name.params)}
            </p>
          ) : (
            <span id={`${formId}-name-note`} className="muted profile-edit__hint">
              {language === 'he' ? t('auth.register.name.hintHe') : t('auth.register.name.hint')}
            </span>
          )}
        </div>

        <div className="field">
          <span className="field-label">{t('profile.edit.age')}</span>
          <div className="profile-edit__locked" data-testid="profile-edit-age">
            <strong>{user.age}</strong>
            <Icon name="lock" size={18} />
          </div>
          <span className="muted profile-edit__hint">{t('profile.edit.ageLocked')}</span>
        </div>

        <div className="field">
          <label className="field-label" htmlFor={`${formId}-bio`}>
            {t('profile.edit.bio')}
          </label>
          <textarea
            id={`${formId}-bio`}
            className="input profile-edit__bio"
            value={form.bio}
            onChange={(e) => edit({ bio: e.target.value })}
            maxLength={BIO_MAX}
            rows={4}
            // An empty field keeps the page's direction, so the placeholder reads right.
            dir={form.bio ? 'auto' : undefined}
            placeholder={t('profile.edit.bioPlaceholder')}
            aria-invalid={errors.bio ? true : undefined}
            aria-describedby={`${formId}-bio-note`}
            data-testid="profile-edit-bio"
          />
          <span id={`${formId}-bio-note`} className="profile-edit__counter">
            {errors.bio ? (
              <span className="field-error" role="alert">
                {t(errors.bio.key, errors.bio.params)}
              </span>
            ) : (
              <span className="muted">{t('profile.edit.bioHint')}</span>
            )}
            <span className="muted" dir="ltr">
              {bioLength}/{BIO_MAX}
            </span>
          </span>
        </div>

        <div className="field">
          <span className="field-label" aria-hidden="true">
            {t('profile.edit.gender')}
          </span>
          <ChoiceGroup
            name={`${formId}-gender`}
            legend={t('profile.edit.gender')}
            choices={genderChoices}
            value={form.gender}
            onChange={(gender) => edit({ gender })}
            columns={3}
          />
        </div>

        <div className="field">
          <label className="field-label" htmlFor={`${formId}-answer`}>
            {t('profile.edit.answer')}
          </label>
          <select
            id={`${formId}-answer`}
            className="input"
            value={form.answer}
            onChange={(e) => edit({ answer: Number(e.target.value) })}
            data-testid="profile-edit-answer"
          >
            {ANSWERS.map((answer) => (
              <option key={answer} value={answer}>
                {t(`auth.register.answers.answer${answer}`)}
              </option>
            ))}
          </select>
        </div>
      </form>

      <footer className="profile-edit__footer">
        <p className="profile-edit__status" aria-live="polite">
          {state.kind === 'saved' ? (
            <span className="profile-edit__saved" data-testid="profile-edit-saved">
              <Icon name="check" size={18} strokeWidth={2.4} />
              {t('profile.edit.saved')}
            </span>
          ) : null}
          {state.kind === 'error' ? (
            <span className="field-error" role="alert" data-testid="profile-edit-error">
              {t(state.key, state.params)}
            </span>
          ) : null}
        </p>
        <button
          type="submit"
          form={formId}
          className="btn btn-primary profile-edit__save"
          disabled={!dirty || saving}
          aria-busy={saving}
          data-testid="profile-edit-save"
        >
          {saving ? t('profile.edit.saving') : t('profile.edit.save')}
        </button>
      </footer>
    </>
  );
}
