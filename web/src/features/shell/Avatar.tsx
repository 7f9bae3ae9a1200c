import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './Avatar.css';

interface AvatarProps {
  src: string | null;
  name?: string;
  size?: number;
  ring?: boolean;
}

/** A round profile picture; without one (or when it fails to load) a friendly silhouette. */
export function Avatar({ src, name, size = 48, ring = false }: AvatarProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  const label = name ? t('common.a11y.photoOf', { name }) : t('common.a11y.photo');
  const showPhoto = src !== null && failed !== src;
  return (
    <span
      className={ring ? 'avatar avatar--ring' : 'avatar'}
      style={{ inlineSize: size, blockSize: size }}
    >
      {showPhoto ? (
        <img src={src} alt={label} loading="lazy" onError={() => setFailed(src)} />
      ) : (
        <svg viewBox="0 0 48 48" role="img" aria-label={label}>
          <rect width="48" height="48" fill="var(--color-brand-soft)" />
          <circle cx="24" cy="19" r="8.5" fill="#f4a3b7" />
          <path d="M8 46c1.6-8.8 8.2-14 16-14s14.4 5.2 16 14z" fill="#f4a3b7" />
        </svg>
      )}
    </span>
  );
}
