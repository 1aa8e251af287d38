import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../runtime/http';
import { renderWithProviders } from '../../../test/render';
import { type SaveOptions, useSaveAction } from './use-save-action';

/** An action the test ends when it wants: resolves or rejects on demand. */
function pending() {
  let resolve = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<void>((ok, ko) => {
    resolve = ok;
    reject = ko;
  });
  return { action: () => promise, resolve, reject };
}

/** Two rows of one list, each with its button, and the page's « busy » mark. */
function Rows({
  actions,
  options = {},
  onDone = () => {},
}: {
  actions: Record<string, () => Promise<unknown>>;
  options?: SaveOptions;
  onDone?: (ok: boolean) => void;
}) {
  const { saving, isSaving, run } = useSaveAction();
  return (
    <>
      {Object.entries(actions).map(([key, action]) => (
        <Button key={key} loading={isSaving(key)} onClick={() => void run(action, { ...options, key }).then(onDone)}>
          {key}
        </Button>
      ))}
      {saving ? <p>occupé</p> : null}
    </>
  );
}

const button = (name: string) => screen.getByRole('button', { name: new RegExp(name) });
const refusal = () => new ApiError(400, { message: 'SIRET invalide' });

describe('useSaveAction', () => {
  it('is saving while the action runs, then confirms and answers true', async () => {
    const save = pending();
    const onDone = vi.fn();
    renderWithProviders(
      <Rows actions={{ fiche: save.action }} options={{ done: 'Fiche enregistrée' }} onDone={onDone} />,
    );
    fireEvent.click(button('fiche'));
    expect(button('fiche')).toHaveClass('ant-btn-loading');
    expect(screen.getByText('occupé')).toBeInTheDocument();
    await act(async () => save.resolve());
    expect(await screen.findByText('Fiche enregistrée')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledWith(true);
    await waitFor(() => expect(button('fiche')).not.toHaveClass('ant-btn-loading'));
    expect(screen.queryByText('occupé')).not.toBeInTheDocument();
  });

  it('spins only the row whose key runs, and stays saving until both of two runs have ended', async () => {
    const first = pending();
    const second = pending();
    renderWithProviders(
      <Rows actions={{ ligne1: first.action, ligne2: second.action, ligne3: () => Promise.resolve() }} />,
    );
    fireEvent.click(button('ligne1'));
    expect(button('ligne1')).toHaveClass('ant-btn-loading');
    expect(button('ligne2')).not.toHaveClass('ant-btn-loading');
    fireEvent.click(button('ligne2'));
    expect(button('ligne2')).toHaveClass('ant-btn-loading');
    expect(button('ligne3')).not.toHaveClass('ant-btn-loading');

    await act(async () => first.resolve());
    await waitFor(() => expect(button('ligne1')).not.toHaveClass('ant-btn-loading'));
    expect(button('ligne2')).toHaveClass('ant-btn-loading');
    expect(screen.getByText('occupé')).toBeInTheDocument();

    await act(async () => second.reject(refusal()));
    await waitFor(() => expect(button('ligne2')).not.toHaveClass('ant-btn-loading'));
    expect(screen.queryByText('occupé')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal and answers false', async () => {
    const onDone = vi.fn();
    const refused = () => Promise.reject(refusal());
    renderWithProviders(<Rows actions={{ fiche: refused }} options={{ done: 'Fiche enregistrée' }} onDone={onDone} />);
    fireEvent.click(button('fiche'));
    expect(await screen.findByText('SIRET invalide')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledWith(false);
    expect(screen.queryByText('Fiche enregistrée')).not.toBeInTheDocument();
  });

  it('shows the given failure when the server sent no message', async () => {
    const refused = () => Promise.reject(new Error('réseau'));
    renderWithProviders(
      <Rows actions={{ fiche: refused }} options={{ failure: 'La fiche n’a pas pu être enregistrée' }} />,
    );
    fireEvent.click(button('fiche'));
    expect(await screen.findByText('La fiche n’a pas pu être enregistrée')).toBeInTheDocument();
  });

  it('shows no message when onRefused answers true (the caller told the user itself)', async () => {
    const error = refusal();
    const onRefused = vi.fn(() => true);
    const onDone = vi.fn();
    renderWithProviders(
      <Rows actions={{ fiche: () => Promise.reject(error) }} options={{ onRefused }} onDone={onDone} />,
    );
    fireEvent.click(button('fiche'));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(false));
    expect(onRefused).toHaveBeenCalledWith(error);
    expect(screen.queryByText('SIRET invalide')).not.toBeInTheDocument();
  });

  it('still shows the message when onRefused answers false', async () => {
    const onRefused = vi.fn(() => false);
    renderWithProviders(<Rows actions={{ fiche: () => Promise.reject(refusal()) }} options={{ onRefused }} />);
    fireEvent.click(button('fiche'));
    expect(await screen.findByText('SIRET invalide')).toBeInTheDocument();
    expect(onRefused).toHaveBeenCalledTimes(1);
  });

  it('does not call onRefused on success', async () => {
    const onRefused = vi.fn(() => true);
    const onDone = vi.fn();
    renderWithProviders(
      <Rows
        actions={{ fiche: () => Promise.resolve() }}
        options={{ onRefused, done: 'Fiche enregistrée' }}
        onDone={onDone}
      />,
    );
    fireEvent.click(button('fiche'));
    expect(await screen.findByText('Fiche enregistrée')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledWith(true);
    expect(onRefused).not.toHaveBeenCalled();
  });
});
