// The areas of one language that only signed-in screens use: every area but the first chunk's
// (./de.ts), the information pages' (info, loaded with those pages) and the staff console's.
import { areasOf } from './areas';

export default areasOf(
  import.meta.glob<Record<string, unknown>>(
    [
      '../*/de.json',
      '!../{auth,common,errors,notify,media}/de.json',
      '!../info/de.json',
      '!../console/de.json',
      '!../extras/de.json',
    ],
    { eager: true, import: 'default' },
  ),
);
