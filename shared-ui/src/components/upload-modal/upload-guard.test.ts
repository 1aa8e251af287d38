import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkFileSize, FILE_TOO_LARGE_MESSAGE, installUploadGuard, MAX_UPLOAD_BYTES } from './upload-guard';

function fileOfSize(size: number, name = 'facture-AB-123-CD.pdf'): File {
  const file = new File(['x'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function fileInput(className = 'addFiles'): HTMLInputElement {
  const input = document.createElement('input');
  input.type = 'file';
  input.className = className;
  document.body.append(input);
  return input;
}

function choose(input: HTMLInputElement, files: File[]) {
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  let cleared = false;
  const valueSetter = vi.spyOn(input, 'value', 'set').mockImplementation((value: string) => {
    if (value === '') cleared = true;
  });
  input.dispatchEvent(new Event('change', { bubbles: true }));
  valueSetter.mockRestore();
  return cleared;
}

let uninstall: () => void;
let alert: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  uninstall = installUploadGuard(document);
  alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => {
  uninstall();
  alert.mockRestore();
  document.body.innerHTML = '';
});

describe('checkFileSize', () => {
  it('accepts exactly 16 MB and refuses one byte more', () => {
    expect(MAX_UPLOAD_BYTES).toBe(16777216);
    expect(checkFileSize({ size: 16777216 })).toBe(true);
    expect(checkFileSize({ size: 16777217 })).toBe(false);
    expect(checkFileSize({ size: 0 })).toBe(true);
  });
});

describe('installUploadGuard', () => {
  it('lets a 16 MB file through', () => {
    const cleared = choose(fileInput(), [fileOfSize(16777216)]);
    expect(alert).not.toHaveBeenCalled();
    expect(cleared).toBe(false);
  });

  it('refuses 16777217 bytes with the French alert and clears the input', () => {
    const cleared = choose(fileInput(), [fileOfSize(16777217)]);
    expect(alert).toHaveBeenCalledWith('Le fichier est trop volumineux. La taille maximale autorisée est de 16 Mo.');
    expect(alert).toHaveBeenCalledWith(FILE_TOO_LARGE_MESSAGE);
    expect(cleared).toBe(true);
  });

  it('refuses a selection where any one file is too large', () => {
    expect(choose(fileInput(), [fileOfSize(10), fileOfSize(20_000_000)])).toBe(true);
  });

  it('covers inputs added later anywhere in the page (delegation)', () => {
    const wrapper = document.createElement('div');
    wrapper.innerHTML = '<section><input type="file" class="form-control addFiles"></section>';
    document.body.append(wrapper);
    const input = wrapper.querySelector('input') as HTMLInputElement;
    expect(choose(input, [fileOfSize(16777217)])).toBe(true);
  });

  it('ignores file inputs without the addFiles class', () => {
    expect(choose(fileInput('other'), [fileOfSize(16777217)])).toBe(false);
    expect(alert).not.toHaveBeenCalled();
  });

  it('installs once even if called twice', () => {
    installUploadGuard(document);
    choose(fileInput(), [fileOfSize(16777217)]);
    expect(alert).toHaveBeenCalledTimes(1);
  });
});
