// The answered profile extras as a profile shows them: one row per field, interests as tags,
// under the heading "At a glance". Used on the profile modal (other members) and the member's own
// profile; a lazy chunk with the `extras` texts (./lazy.tsx).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileExtras } from '../../../realtime/protocol';
import { answeredExtras, fieldLabelKey, optionKey } from './catalog';
import './extras.css';

export default function ExtrasSummary({
  extras,
  showEmpty = false,
  testId,
  className,
  heading: Heading = 'h3',
}: {
  extras: ProfileExtras | undefined;
  /** With nothing answered: a line saying so (own profile), or nothing at all (others'). */
  showEmpty?: boolean;
  testId: string;
  className?: string;
  heading?: 'h2' | 'h3';
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const answered = answeredExtras(extras);
  if (answered.length === 0 && !showEmpty) return null;
  return (
    <section className={className} aria-labelledby={headingId} data-testid={testId}>
      <Heading id={headingId}>{t('extras.title')}</Heading>
      {answered.length === 0 ? (
        <p className="muted" data-testid={`${testId}-empty`}>
          {t('extras.none')}
        </p>
      ) : (
        <dl className="extras-summary">
          {answered.map(({ field, value }) => (
            <div
              key={field.id}
              className="extras-summary__row"
              data-testid={`${testId}-${field.id}`}
            >
              <dt>{t(fieldLabelKey(field.id))}</dt>
              <dd>
                {Array.isArray(value) ? (
                  <ul className="extras-summary__tags">
                    {value.map((option) => (
                      <li key={option} className="extras-summary__tag">
                        {t(optionKey(field.id, option))}
                      </li>
                    ))}
                  </ul>
                ) : typeof value === 'number' ? (
                  t('extras.heightValue', { cm: value })
                ) : (
                  t(optionKey(field.id, value))
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
