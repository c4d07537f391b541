import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { themeSystem } from './theme';

// Chakra's run-time style system is not in the first download: the public pages a visit starts on,
// the header, the footer and the states every page shows are drawn with plain elements and the
// page's stylesheet (src/styles). The parts drawn with Chakra's components load this module with
// their own code.

let system: SystemContext | undefined;

/**
 * The style system without its page-wide CSS: the page's stylesheet already carries it, written at
 * build time from the same theme (scripts/theme-css-plugin.ts), so no provider inserts it again.
 */
function providedSystem(): SystemContext {
  if (system) return system;
  const built = themeSystem();
  system = { ...built, _global: [], _config: { ...built._config, disableLayers: true } };
  return system;
}

/** Chakra's components inside `children` draw with the product's theme. */
export function WithChakra({ children }: { children: ReactNode }) {
  return <ChakraProvider value={providedSystem()}>{children}</ChakraProvider>;
}

/** The route that holds every page drawn with Chakra's components (app/router.tsx). */
export default function ChakraPages() {
  return (
    <WithChakra>
      <Outlet />
    </WithChakra>
  );
}
