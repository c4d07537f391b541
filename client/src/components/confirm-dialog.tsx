import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useT } from '../lib/i18n';

export interface ConfirmRequest {
  /** Names the thing, e.g. "Delete Class 9 Physics?" */
  title: string;
  /** What will happen, in plain words. */
  consequence: ReactNode;
  /** The confirm button's label, e.g. "Delete course". */
  confirmLabel: string;
  /** Whether the action cannot be undone or takes something away (a red button). */
  destructive?: boolean;
  /** Runs on Confirm, and only then. */
  onConfirm(): unknown;
}

/**
 * Asks before a destructive action: a dialog naming the thing and the consequence, with Cancel and a
 * confirm button. Nothing runs on Cancel, Escape or a click outside.
 */
export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose(): void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!request || busy) return;
    setBusy(true);
    try {
      await request.onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Dialog.Root open={request !== null} onOpenChange={(e) => !e.open && !busy && onClose()} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            {request && (
              <>
                <Dialog.Header>
                  <Dialog.Title>{request.title}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Text>{request.consequence}</Text>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={onClose} disabled={busy}>
                    {t('common.cancel')}
                  </Button>
                  <Button colorPalette={request.destructive === false ? 'blue' : 'red'} onClick={() => void confirm()} loading={busy}>
                    {request.confirmLabel}
                  </Button>
                </Dialog.Footer>
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** State for one ConfirmDialog per page: `ask(request)` opens it, `dialog` renders it. */
export function useConfirm() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  return { ask: setRequest, dialog: <ConfirmDialog request={request} onClose={() => setRequest(null)} /> };
}
