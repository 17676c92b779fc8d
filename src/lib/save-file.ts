/**
 * Hands a downloaded file to the browser's own download: an object URL on a temporary `<a download>`, clicked, then
 * released. The bytes were fetched with the bearer token, which a plain link could not send.
 */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked after the click has been handled, so the download has started from it.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
