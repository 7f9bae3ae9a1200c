import { InfoArticle } from './InfoArticle';

/** /terms-and-conditions — purchase terms, with the virtual-profile disclosure at the top. */
export default function TermsPage() {
  return <InfoArticle area="terms" toc disclosure />;
}
