import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../test/render';
import { AppWorkerParts } from './app-worker-parts';

/** A worker as the browser reports it: its state changes and says so. */
class SiteWorker extends EventTarget {
  state = 'installing';
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/** The browser's registration of the site's worker: a new version shows up as `installing`. */
class Registration extends EventTarget {
  installing: SiteWorker | null = null;
  waiting: SiteWorker | null = null;
  found(worker: SiteWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

describe("the service worker's part of the page", () => {
  const registration = new Registration();
  const container = { controller: null as SiteWorker | null, register: jest.fn(() => Promise.resolve(registration)), ready: new Promise(() => undefined) };
  beforeAll(() => Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true }));
  afterAll(() => Reflect.deleteProperty(navigator, 'serviceWorker'));

  it('registers the worker, says nothing of the first one, and announces a new version until dismissed', async () => {
    renderRoute(<AppWorkerParts />);
    await act(() => Promise.resolve());
    expect(container.register).toHaveBeenCalledWith('/sw.js');

    // The first worker of this browser installs: nothing to announce.
    const first = new SiteWorker();
    act(() => registration.found(first));
    act(() => first.become('installed'));
    expect(screen.queryByTestId('update-notice')).not.toBeInTheDocument();

    // A new version installs while the old one runs the page: it starts at the next visit, and says so.
    container.controller = first;
    const next = new SiteWorker();
    act(() => registration.found(next));
    act(() => next.become('installed'));
    expect(await screen.findByText('A new version is ready')).toBeInTheDocument();
    expect(screen.getByTestId('update-notice')).toHaveTextContent('A new version is ready It starts the next time you open Shikhon.');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByTestId('update-notice')).not.toBeInTheDocument();
  });
});
