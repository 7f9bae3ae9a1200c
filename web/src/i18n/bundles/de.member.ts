// The areas of one language that only signed-in screens use: every area but the first chunk's
// (./de.ts), the information pages' (info, loaded with those pages), the in-app browser escape's
// (escape, loaded with it) and the staff console's.
import { areasOf } from './areas';

export default areasOf(
  import.meta.glob<Record<string, unknown>>(
    [
      '../*/de.json',
      '!../{auth,common,errors,notify,media}/de.json',
      '!../info/de.json',
      '!../escape/de.json',
      '!../console/de.json',
      '!../extras/de.json',
    ],
    { eager: true, import: 'default' },
  ),
);
