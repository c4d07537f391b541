import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useT } from '../../../lib/i18n';

/** The test mode's stand-in for the bank's 3-D Secure page. */
export function TestAuthenticationDialog({ open, onAnswer }: { open: boolean; onAnswer: (approve: boolean) => void }) {
  const t = useT();
  return (
    <Dialog.Root open={open} role="alertdialog" placement="center" closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{t('checkout.auth.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('checkout.auth.text')}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => onAnswer(false)}>
                {t('checkout.auth.fail')}
              </Button>
              <Button colorPalette="blue" onClick={() => onAnswer(true)}>
                {t('checkout.auth.complete')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
