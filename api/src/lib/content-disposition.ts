/** A file name safe for a Content-Disposition header: the ASCII fallback and the UTF-8 original. */
export function attachment(fileName: string): string {
  const fallback =
    fileName
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '_') || 'document';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
