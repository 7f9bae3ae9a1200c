// Profile edit's extras section: every field of the catalogue, saved together by one
// user/update {key: "extras"} that carries only what changed (null clears a field). A lazy chunk
// with the `extras` texts (./lazy.tsx).
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store';
import type { ExtraFieldId, ExtraValue, ProfileExtras, User } from '../../../realtime/protocol';
import { Icon } from '../../../ui/icons';
import { updateUser } from '../../settings/api';
import { EXTRA_FIELDS, extrasChange, withExtra } from './catalog';
import { ExtraInput } from './ExtraInput';
import './extras.css';

type State =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; key: string };

export default function ExtrasEditor({ user }: { user: User }) {
  const { t } = useTranslation();
  const formId = useId();
  const [saved, setSaved] = useState<ProfileExtras>(() => user.extras ?? {});
  const [form, setForm] = useState<ProfileExtras>(saved);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const change = extrasChange(saved, form);
  const dirty = Object.keys(change).length > 0;
  const saving = state.kind === 'saving';

  function edit(id: ExtraFieldId, value: ExtraValue | undefined) {
    setForm((current) => withExtra(current, id, value));
    if (!saving) setState({ kind: 'idle' });
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!dirty || saving) return;
    setState({ kind: 'saving' });
    const outcome = await updateUser({ key: 'extras', value: change });
    if (outcome.kind === 'network') {
      setState({ kind: 'error', key: 'errors.network' });
      return;
    }
    if (outcome.kind === 'refused') {
      setState({ kind: 'error', key: `errors.${outcome.code ?? 'internal_error'}` });
      return;
    }
    const fresh = outcome.user?.extras ?? form;
    if (outcome.user) useAppStore.getState().setUser(outcome.user);
    setSaved(fresh);
    setForm(fresh);
    setState({ kind: 'saved' });
  }

  return (
    <form
      id={formId}
      className="extras-edit"
      onSubmit={save}
      noValidate
      aria-labelledby={`${formId}-title`}
      data-testid="extras-edit"
    >
      <h3 id={`${formId}-title`} className="profile-edit__section-title">
        {t('extras.title')}
      </h3>
      {EXTRA_FIELDS.map((field) => (
        <ExtraInput
          key={field.id}
          id={field.id}
          value={form[field.id]}
          onChange={(value) => edit(field.id, value)}
          heading="label"
          testId={`extras-edit-${field.id}`}
        />
      ))}
      <div className="extras-edit__footer">
        <p className="profile-edit__status" aria-live="polite">
          {state.kind === 'saved' ? (
            <span className="profile-edit__saved" data-testid="extras-edit-saved">
              <Icon name="check" size={18} strokeWidth={2.4} />
              {t('extras.saved')}
            </span>
          ) : null}
          {state.kind === 'error' ? (
            <span className="field-error" role="alert" data-testid="extras-edit-error">
              {t(state.key)}
            </span>
          ) : null}
        </p>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={!dirty || saving}
          aria-busy={saving}
          data-testid="extras-edit-save"
        >
          {saving ? t('extras.saving') : t('extras.save')}
        </button>
      </div>
    </form>
  );
}
