// The header of a list overlay (spec §2): back arrow (mirrored in RTL), title and count.
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { formatNumber } from '../../app/format';
import { useAppStore } from '../../app/store';
import { Icon } from '../../ui/icons';
import './lists.css';

interface ListHeaderProps {
  title: string;
  count: number | null;
  countTestId?: string;
  /** Where the back arrow leads when the list was opened directly (no history to go back to). */
  fallback?: string;
}

export function ListHeader({ title, count, countTestId, fallback = '/profile' }: ListHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const language = useAppStore((s) => s.language);
  const back = () => {
    // 'default' is the key of the first entry: nothing inside the app to go back to.
    if (location.key === 'default') void navigate(fallback);
    else void navigate(-1);
  };
  return (
    <header className="list-header">
      <button
        type="button"
        className="list-header__back"
        onClick={back}
        aria-label={t('lists.back')}
      >
        <Icon name="back" size={22} />
      </button>
      <h1 className="list-header__title">{title}</h1>
      {count !== null ? (
        <span className="list-header__count" data-testid={countTestId}>
          {formatNumber(count, language)}
        </span>
      ) : null}
    </header>
  );
}
