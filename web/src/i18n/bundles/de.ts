// The areas of one language that every page may need (the landing, sign-up, the shell, errors and
// notices), as the chunk that loadLanguage() fetches first; the page preloads it
// (web/build/landingPages.ts). The signed-in screens' areas are ./de.member.ts.
import { areasOf } from './areas';

export default areasOf(
  import.meta.glob<Record<string, unknown>>('../{auth,common,errors,notify,media}/de.json', {
    eager: true,
    import: 'default',
  }),
);
