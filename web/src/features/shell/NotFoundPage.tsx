import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../ui/icons';
import { StatusPage } from './StatusPage';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code={404}
      title={t('common.notFound.title')}
      body={t('common.notFound.body')}
      actions={
        <Link to="/" className="btn btn-primary">
          <Icon name="back" size={20} />
          {t('common.notFound.home')}
        </Link>
      }
    />
  );
}
