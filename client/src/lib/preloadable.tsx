import { lazy, type ComponentType } from 'react';

export type Preloadable<P extends object> = ComponentType<P> & { preload(): Promise<unknown> };

/**
 * A component whose code loads when first drawn, as with React.lazy, that can also be loaded
 * ahead; once loaded, it draws without suspending. A server-rendered page is hydrated only after
 * its parts are loaded (app/first-screen.ts): a part still loading then would leave its HTML
 * waiting, and the first update above it (the session coming back) would draw it all again.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(async () => ({ default: await preload() }));
  const Component = ((props: P) => {
    const Loaded = loaded ?? Lazy;
    return <Loaded {...props} />;
  }) as Preloadable<P>;
  Component.preload = preload;
  return Component;
}
