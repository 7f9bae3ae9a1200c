// Apart from index.ts so that the staff console can use it without the members' translations.

/** Makes a missing key impossible to overlook in development: logged as an error and shown on
 *  screen in brackets. In production the key path itself is shown, which at least stays stable. */
export function loudMissingKey(key: string, dev: boolean = import.meta.env.DEV): string {
  if (!dev) return key;
  console.error(`i18n: missing key ${key}`);
  return `⟦${key}⟧`;
}
