import { InfoArticle, InfoSectionBox } from './InfoArticle';

/** /support — FAQ and the contact block. */
export default function SupportPage() {
  return (
    <InfoArticle area="support" disclosure>
      <InfoSectionBox prefix="info.contact" id="support-contact" className="info-contact" />
    </InfoArticle>
  );
}
