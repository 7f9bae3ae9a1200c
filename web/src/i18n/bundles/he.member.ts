// The areas of one language that only signed-in screens use: every area but the first chunk's
// (./he.ts), the information pages' (info, loaded with those pages), the in-app browser escape's
// (escape, loaded with it) and the staff console's.
import { areasOf } from './areas';

export default areasOf(
  import.meta.glob<Record<string, unknown>>(
    [
      '../*/he.json',
      '!../{auth,common,errors,notify,media}/he.json',
      '!../info/he.json',
      '!../escape/he.json',
      '!../console/he.json',
      '!../extras/he.json',
    ],
    { eager: true, import: 'default' },
  ),
);
