/** Saves a blob the browser way: a click on an <a download> pointing at a blob URL, freed after. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns; give them the URL a moment longer.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** The file name of a Content-Disposition header (`filename="…"`), or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}
