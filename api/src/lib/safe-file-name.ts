/** The longest file name kept (the columns are text; the downloads' headers and the lists stay readable). */
const MAX_NAME_LENGTH = 200;

/**
 * A file name sent by a client, as it may be stored and shown again: its last path segment only (a name
 * like `..\..\facture.pdf` or `/etc/passwd` keeps `facture.pdf`, `passwd`), without control characters (NUL, line
 * breaks, which PostgreSQL or a header would refuse) nor the direction marks that make `fdp.exe` read `exe.pdf`, cut
 * to 200 characters keeping its extension; `fallback` when nothing is left.
 */
export function safeFileName(name: string, fallback: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim()
    .replace(/^\.+$/, '');
  if (!clean) return fallback;
  if (clean.length <= MAX_NAME_LENGTH) return clean;
  const extension = /\.[\w-]{1,10}$/.exec(clean)?.[0] ?? '';
  // Cut between characters, never inside an emoji's surrogate pair.
  let kept = '';
  for (const character of clean) {
    if (kept.length + character.length > MAX_NAME_LENGTH - extension.length) break;
    kept += character;
  }
  return kept + extension;
}
