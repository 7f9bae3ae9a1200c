// Saves a document the console received as a file on the admin's computer.

/** How long the Blob outlives the click that started its download. */
export const BLOB_KEPT_MS = 60_000;

/** Offers `value` as the JSON file `name`, through a link to a Blob that is let go of after. */
export function downloadJson(name: string, value: unknown): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click only asks for the download; the browser resolves the URL later, and on a busy
  // machine more than a second later (a Blob let go of at 1 s failed a download in CI). A minute
  // is far past that, and holding one export's Blob that long costs nothing.
  setTimeout(() => URL.revokeObjectURL(url), BLOB_KEPT_MS);
}
