import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from 'contracts';

/** Attachments above 16 MB are refused, everywhere in the app (the server refuses them too). */
export { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES };
/** Every file input the rule applies to carries this class (kept from the legacy markup). */
export const UPLOAD_INPUT_CLASS = 'addFiles';

export function checkFileSize(file: Pick<File, 'size'>): boolean {
  return file.size <= MAX_UPLOAD_BYTES;
}

const guarded = new WeakSet<Document>();

function onChange(event: Event): void {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || input.type !== 'file' || !input.classList.contains(UPLOAD_INPUT_CLASS)) {
    return;
  }
  const files = Array.from(input.files ?? []);
  if (files.every(checkFileSize)) return;
  window.alert(FILE_TOO_LARGE_MESSAGE);
  input.value = '';
}

/**
 * One delegated listener for the whole document, in the capture phase so it
 * runs before any component's own change handler: a refused file is already
 * gone when React sees the event. Installing twice is harmless.
 */
export function installUploadGuard(root: Document = document): () => void {
  if (!guarded.has(root)) {
    root.addEventListener('change', onChange, true);
    guarded.add(root);
  }
  return () => {
    root.removeEventListener('change', onChange, true);
    guarded.delete(root);
  };
}
