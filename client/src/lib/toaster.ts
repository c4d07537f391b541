import type { CreateToasterReturn } from '@chakra-ui/react';

export type ToastOptions = Parameters<CreateToasterReturn['create']>[0];

// Toasts are asked for anywhere; the part that shows them (components/toaster.tsx, drawn with
// Chakra) loads only when the first one is: a page that shows none never downloads it.

let show: ((options: ToastOptions) => void) | null = null;
const waiting: ToastOptions[] = [];
const listeners = new Set<() => void>();

/** Toasts at the top right, closing after 5000 ms unless a notice sets its own duration. */
export const toaster = {
  create(options: ToastOptions): void {
    if (show) return show(options);
    waiting.push(options);
    for (const listener of listeners) listener();
  },
};

/** Whether a toast has been asked for (the toasts' part is then drawn: app/providers.tsx). */
export const toastsWanted = (): boolean => show !== null || waiting.length > 0;

export function onToastWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called once by the toasts' part when it is ready: it shows the toasts asked for until then, and every later one. */
export function connectToaster(next: (options: ToastOptions) => void): void {
  show = next;
  for (const options of waiting.splice(0)) next(options);
}
