import type * as Toaster from './toaster';
import type { ToastOptions } from './toaster';

// One module's state across the steps: the order is the story of a page that shows its first toast.
// The module is loaded afresh, as a page opening loads it (other tests in the run may have used it).
describe('toasts asked for before the part that shows them has loaded', () => {
  it('are kept, announced, then shown in their order once it is ready, and later ones at once', () => {
    let fresh!: typeof Toaster;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      fresh = require('./toaster') as typeof Toaster;
    });
    const { connectToaster, onToastWanted, toaster, toastsWanted } = fresh;
    expect(toastsWanted()).toBe(false);
    const announced = jest.fn();
    const stop = onToastWanted(announced);

    toaster.create({ title: 'Subscribed', type: 'success' });
    toaster.create({ title: 'Could not save', type: 'error' });
    expect(toastsWanted()).toBe(true);
    expect(announced).toHaveBeenCalledTimes(2);
    stop();

    const shown: ToastOptions[] = [];
    connectToaster((options) => shown.push(options));
    expect(shown).toEqual([
      { title: 'Subscribed', type: 'success' },
      { title: 'Could not save', type: 'error' },
    ]);

    toaster.create({ title: 'Saved', type: 'success' });
    expect(shown.map((options) => options.title)).toEqual(['Subscribed', 'Could not save', 'Saved']);
    expect(announced).toHaveBeenCalledTimes(2);
  });
});
