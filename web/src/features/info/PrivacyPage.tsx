import { InfoArticle } from './InfoArticle';

/** /privacy — privacy policy. */
export default function PrivacyPage() {
  return <InfoArticle area="privacy" toc />;
}
