import { matchRoutes } from 'react-router-dom';
import { Footer } from '../components/layout/app-layout';
import { Toaster } from './providers';
import { routes } from './router';

/** Loads the code of every part the page at `pathname` draws at once: its screens, the footer, the toaster. */
export async function preloadFirstScreen(pathname: string): Promise<void> {
  const screens = (matchRoutes(routes, pathname) ?? []).map(({ route }) => (route.handle as { preload?: () => Promise<unknown> } | undefined)?.preload?.());
  await Promise.all([...screens, Footer.preload(), Toaster.preload()]);
}
