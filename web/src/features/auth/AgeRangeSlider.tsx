import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_AGE_MAX, SEARCH_AGE_MIN } from '../../app/constants';
import type { AgeRange } from './validation';
import './RangeSlider.css';

interface AgeRangeSliderProps {
  id: string;
  value: AgeRange;
  onChange: (range: AgeRange) => void;
  /** Prefix of the data-testids: <testId>-min, <testId>-max, <testId>-value. */
  testId?: string;
}

/**
 * Two native range inputs laid over one track. Native inputs keep keyboard, touch and screen
 * reader support for free, and follow the page direction in RTL.
 */
export function AgeRangeSlider({ id, value, onChange, testId = 'age' }: AgeRangeSliderProps) {
  const { t } = useTranslation();
  const span = SEARCH_AGE_MAX - SEARCH_AGE_MIN;
  const style = {
    '--from': (value.min - SEARCH_AGE_MIN) / span,
    '--to': (value.max - SEARCH_AGE_MIN) / span,
  } as CSSProperties;
  // When both thumbs sit at the top end, the min thumb must be on top or it could never move.
  const minOnTop = value.min >= SEARCH_AGE_MAX - 1;

  return (
    <div className="range-slider" role="group" aria-labelledby={`${id}-label`}>
      <div className="range-slider-head">
        <span id={`${id}-label`} className="field-label">
          {t('auth.ageRange.label')}
        </span>
        <output className="range-slider-value" data-testid={`${testId}-value`} dir="ltr">
          {value.min} – {value.max}
        </output>
      </div>
      <div className="range-slider-track range-slider-dual" style={style}>
        <input
          id={`${id}-min`}
          type="range"
          min={SEARCH_AGE_MIN}
          max={SEARCH_AGE_MAX}
          step={1}
          value={value.min}
          className={minOnTop ? 'range-slider-top' : undefined}
          aria-label={t('auth.ageRange.min')}
          aria-valuetext={t('auth.ageRange.age', { value: value.min })}
          onChange={(e) => {
            const min = Math.min(Number(e.target.value), value.max);
            onChange({ min, max: value.max });
          }}
          data-testid={`${testId}-min`}
        />
        <input
          id={`${id}-max`}
          type="range"
          min={SEARCH_AGE_MIN}
          max={SEARCH_AGE_MAX}
          step={1}
          value={value.max}
          aria-label={t('auth.ageRange.max')}
          aria-valuetext={t('auth.ageRange.age', { value: value.max })}
          onChange={(e) => {
            const max = Math.max(Number(e.target.value), value.min);
            onChange({ min: value.min, max });
          }}
          data-testid={`${testId}-max`}
        />
      </div>
      <div className="range-slider-scale muted" aria-hidden="true">
        <span>{SEARCH_AGE_MIN}</span>
        <span>{SEARCH_AGE_MAX}</span>
      </div>
    </div>
  );
}
