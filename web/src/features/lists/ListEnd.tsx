import { useTranslation } from 'react-i18next';
import { LoadError } from './LoadError';
import './lists.css';

interface ListEndProps {
  failed: boolean;
  onRetry: () => void;
  /** From useScrolledPeopleList: the next page loads as this comes into view. */
  sentinel: (node: HTMLDivElement | null) => void;
}

/** What follows the entries of a paged list: the failure of the last page, and the sentinel. */
export function ListEnd({ failed, onRetry, sentinel }: ListEndProps) {
  const { t } = useTranslation();
  return (
    <>
      {failed ? (
        <LoadError message={t('lists.error')} retryLabel={t('lists.retry')} onRetry={onRetry} />
      ) : null}
      <div ref={sentinel} className="list-sentinel" aria-hidden="true" />
    </>
  );
}
