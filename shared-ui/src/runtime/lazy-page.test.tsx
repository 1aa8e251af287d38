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
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<{ Greeting: typeof Greeting }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Greeting });
    const Page = lazyNamed(load, 'Greeting');
    let boundary: Boundary | null = null;
    render(
      <Boundary
        ref={(instance) => {
          boundary = instance;
        }}
      >
        {suspended(<Page name="Karim" />)}
      </Boundary>,
    );
    expect(await screen.findByText('Module indisponible')).toBeInTheDocument();
    // Drawn again by React alone (its retry of a failed render): the kept failure, no new load, no loop.
    act(() => (boundary as unknown as Boundary).reset());
    expect(await screen.findByText('Module indisponible')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    act(() => eventBus.emit('connection:restored', {}));
    act(() => (boundary as unknown as Boundary).reset());
    expect(await screen.findByText('Bonjour Karim')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a page whose code failed loads again at the first « Réessayer » (pages:retry), the server never lost', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<{ Greeting: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('Loading chunk 91 failed.'))
      .mockResolvedValue({ Greeting });
    const Page = lazyNamed(load, 'Greeting');
    let boundary: Boundary | null = null;
    render(
      <Boundary
        ref={(instance) => {
          boundary = instance;
        }}
      >
        {suspended(<Page name="Inès" />)}
      </Boundary>,
    );
    expect(await screen.findByText('Module indisponible')).toBeInTheDocument();
    act(() => eventBus.emit('pages:retry', {}));
    act(() => (boundary as unknown as Boundary).reset());
    expect(await screen.findByText('Bonjour Inès')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
