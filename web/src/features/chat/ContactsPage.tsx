// /contacts under 865 px (spec §2): the chats list as a page of its own. The window scrolls it,
// so tapping the Chats tab again scrolls it back to the top (TabBar).
import { useTranslation } from 'react-i18next';
import { ContactsList } from './ContactsList';
import './chat.css';

export default function ContactsPage() {
  const { t } = useTranslation();
  return (
    <section className="contacts-page" data-testid="contacts-page">
      <header className="contacts-page__header">
        <h1 className="contacts-page__title">{t('chat.title')}</h1>
      </header>
      <ContactsList />
    </section>
  );
}
