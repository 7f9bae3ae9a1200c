// Saves a document the console received as a file on the admin's computer.

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
  // The browser has read the Blob once the download started; a moment later it can go.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
