import { createToaster } from '@chakra-ui/react';

/** Toasts at the top right, closing after 5000 ms unless a notice sets its own duration. */
export const toaster = createToaster({ placement: 'top-end', duration: 5000, pauseOnPageIdle: true });
