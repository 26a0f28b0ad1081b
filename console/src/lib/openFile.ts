/** Opens a file the API answered in a new tab (the browser downloads it); nothing when the call failed. */
export function openFile(file: { url: string } | undefined) {
  if (file) window.open(file.url, '_blank', 'noopener');
}
