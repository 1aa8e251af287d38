import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { eventBus } from './event-bus';
import { lazyNamed, suspended } from './lazy-page';

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  reset = () => this.setState({ failed: false });
  override render() {
    return this.state.failed ? <p>Module indisponible</p> : this.props.children;
  }
}

const Greeting = ({ name }: { name: string }) => <p>Bonjour {name}</p>;

/**
 * A page whose first load fails with `failure` and whose next ones succeed, drawn inside an error boundary;
 * answers its loader and a way to draw it again (the frame's « Réessayer », or React alone).
 */
function failingOnce(failure: Error, name: string) {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const load = vi
    .fn<() => Promise<{ Greeting: typeof Greeting }>>()
    .mockRejectedValueOnce(failure)
    .mockResolvedValue({ Greeting });
  const Page = lazyNamed(load, 'Greeting');
  let boundary: Boundary | null = null;
  render(
    <Boundary
      ref={(instance) => {
        boundary = instance;
      }}
    >
      {suspended(<Page name={name} />)}
    </Boundary>,
  );
  return { load, redraw: () => act(() => (boundary as unknown as Boundary).reset()) };
}

describe('lazyNamed', () => {
  it('loads the page once, with its props, and says which page it is', async () => {
    const load = vi.fn(async () => ({ Greeting }));
    const Page = lazyNamed(load, 'Greeting');
    expect(Page.displayName).toBe('lazy(Greeting)');
    render(suspended(<Page name="Julie" />));
    expect(await screen.findByText('Bonjour Julie')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a page whose code failed to load (server down) loads again once the server is back, not before', async () => {
    const { load, redraw } = failingOnce(new TypeError('Failed to fetch dynamically imported module'), 'Karim');
    expect(await screen.findByText('Module indisponible')).toBeInTheDocument();
    // Drawn again by React alone (its retry of a failed render): the kept failure, no new load, no loop.
    redraw();
    expect(await screen.findByText('Module indisponible')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    act(() => eventBus.emit('connection:restored', {}));
    redraw();
    expect(await screen.findByText('Bonjour Karim')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a page whose code failed loads again at the first « Réessayer » (pages:retry), the server never lost', async () => {
    const { load, redraw } = failingOnce(new Error('Loading chunk 91 failed.'), 'Inès');
    expect(await screen.findByText('Module indisponible')).toBeInTheDocument();
    act(() => eventBus.emit('pages:retry', {}));
    redraw();
    expect(await screen.findByText('Bonjour Inès')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
