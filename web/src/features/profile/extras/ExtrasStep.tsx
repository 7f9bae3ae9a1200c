// A registration step that asks one or two profile extras (features/auth/registerFlows.ts). The
// answers live in the registration draft and go with the registration request; every extras step
// may be skipped.
import { useTranslation } from 'react-i18next';
import type { ExtraFieldId, ExtraValue, ProfileExtras } from '../../../realtime/protocol';
import type { ExtraProblem } from './catalog';
import { ExtraInput } from './ExtraInput';
import './extras.css';

export default function ExtrasStep({
  fields,
  extras,
  problems,
  onChange,
  titleKey,
  subtitleKey,
}: {
  /** The step's heading and lead, keys of the `extras` texts this chunk brings along. */
  titleKey: string;
  subtitleKey: string;
  fields: readonly ExtraFieldId[];
  extras: ProfileExtras;
  problems: Partial<Record<ExtraFieldId, ExtraProblem>>;
  onChange: (id: ExtraFieldId, value: ExtraValue | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="extras-step" data-testid="register-extras">
      <h1 className="register-title" tabIndex={-1}>
        {t(titleKey)}
      </h1>
      <p className="register-subtitle muted">{t(subtitleKey)}</p>
      {fields.map((id) => (
        <ExtraInput
          key={id}
          id={id}
          value={extras[id]}
          onChange={(value) => onChange(id, value)}
          // One field: the step's title already asks the question.
          heading={fields.length > 1 ? 'question' : 'hidden'}
          problem={problems[id] ?? null}
          testId={`register-extra-${id}`}
        />
      ))}
    </div>
  );
}
