import { useTranslation } from 'react-i18next';
import './BrandLogo.css';

/** The Kesher mark (two linked hearts on the brand gradient) with an optional word mark. */
export function BrandMark({ size = 36 }: { size?: number }) {
  return (
    <svg
      className="brand-mark"
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id="brand-mark-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff6b8b" />
          <stop offset="0.5" stopColor="#e8436b" />
          <stop offset="1" stopColor="#a8326e" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="18" fill="url(#brand-mark-gradient)" />
      <path d="M32 50 14 32a10 10 0 0 1 18-13 10 10 0 0 1 18 13z" fill="#fff" />
      <circle cx="45" cy="18" r="5" fill="#ffd34d" />
    </svg>
  );
}

export function BrandLogo({ size = 36, light = false }: { size?: number; light?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={light ? 'brand-logo brand-logo--light' : 'brand-logo'}>
      <BrandMark size={size} />
      <span className="brand-logo__word">{t('common.brand')}</span>
    </span>
  );
}
