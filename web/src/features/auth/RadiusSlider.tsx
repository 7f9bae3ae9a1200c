import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { RADIUS_MAX, RADIUS_MIN } from '../../app/constants';
import { normalizeRadius } from './validation';
import './RangeSlider.css';

interface RadiusSliderProps {
  id: string;
  value: number;
  onChange: (radius: number) => void;
  testId?: string;
}

export function RadiusSlider({ id, value, onChange, testId = 'radius' }: RadiusSliderProps) {
  const { t } = useTranslation();
  const style = {
    '--from': 0,
    '--to': (value - RADIUS_MIN) / (RADIUS_MAX - RADIUS_MIN),
  } as CSSProperties;

  return (
    <div className="range-slider">
      <div className="range-slider-head">
        <label htmlFor={id} className="field-label">
          {t('auth.radius.label')}
        </label>
        <output className="range-slider-value" htmlFor={id} data-testid={`${testId}-value`}>
          {t('auth.radius.km', { value: value })}
        </output>
      </div>
      <div className="range-slider-track" style={style}>
        <input
          id={id}
          type="range"
          min={RADIUS_MIN}
          max={RADIUS_MAX}
          step={1}
          value={value}
          aria-valuetext={t('auth.radius.km', { value: value })}
          onChange={(e) => {
            const next = normalizeRadius(Number(e.target.value));
            if (next !== null) onChange(next);
          }}
          data-testid={testId}
        />
      </div>
      <div className="range-slider-scale muted" aria-hidden="true">
        <span>{t('auth.radius.km', { value: RADIUS_MIN })}</span>
        <span>{t('auth.radius.km', { value: RADIUS_MAX })}</span>
      </div>
    </div>
  );
}
