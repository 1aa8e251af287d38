import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { CHOOSE_FILE, FileField, NO_FILE_CHOSEN } from './FileField';

function Harness() {
  const [file, setFile] = useState<File | undefined>();
  return (
    <>
      <label htmlFor="photo">Photo</label>
      <FileField id="photo" value={file} onChange={setFile} />
    </>
  );
}

describe('FileField', () => {
  it('speaks French, opens the native picker from its button and names the chosen file', () => {
    renderWithProviders(<Harness />);
    expect(screen.getByText(NO_FILE_CHOSEN)).toBeInTheDocument();
    const input = screen.getByLabelText('Photo') as HTMLInputElement;
    const opened = vi.spyOn(input, 'click');
    fireEvent.click(screen.getByRole('button', { name: CHOOSE_FILE }));
    expect(opened).toHaveBeenCalledOnce();
    // The native input is out of the Tab order: the French button is the one stop.
    expect(input.tabIndex).toBe(-1);

    fireEvent.change(input, { target: { files: [new File(['x'], 'avant.png', { type: 'image/png' })] } });
    expect(screen.getByText('avant.png')).toBeInTheDocument();
    expect(screen.queryByText(NO_FILE_CHOSEN)).not.toBeInTheDocument();
  });
});
