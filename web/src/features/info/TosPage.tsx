import { InfoArticle } from './InfoArticle';

/** /tos — terms of service, with the virtual-profile disclosure at the top. */
export default function TosPage() {
  return <InfoArticle area="tos" toc disclosure />;
}
