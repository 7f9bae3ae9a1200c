// The areas of one language that only signed-in screens use: every area but the first chunk's
// (./en.ts), the information pages' (info, loaded with those pages), the in-app browser escape's
// (escape, loaded with it) and the staff console's.
import { areasOf } from './areas';

export default areasOf(
  import.meta.glob<Record<string, unknown>>(
    [
      '../*/en.json',
      '!../{auth,common,errors,notify,media}/en.json',
      '!../info/en.json',
      '!../escape/en.json',
      '!../console/en.json',
      '!../extras/en.json',
    ],
    { eager: true, import: 'default' },
  ),
);
