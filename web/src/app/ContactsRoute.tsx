import { Navigate } from 'react-router';
import ContactsPage from '../features/chat/ContactsPage';
import { contactsRedirect, CONTACTS_REDIRECT_QUERY } from './navigation';
import { useMediaQuery } from './useMediaQuery';

/** /contacts: the chats list on phones; wide screens show it in the side column instead. */
export function ContactsRoute() {
  const wide = useMediaQuery(CONTACTS_REDIRECT_QUERY);
  const redirect = wide ? contactsRedirect(window.innerWidth) : null;
  if (redirect) return <Navigate to={redirect} replace />;
  return <ContactsPage />;
}
