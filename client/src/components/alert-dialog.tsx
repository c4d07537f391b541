import { Button, Dialog, Flex, Portal, Text } from '@chakra-ui/react';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useT } from '../lib/i18n';
import { WithChakra } from '../app/chakra';

export interface AlertContent {
  status: 'success' | 'error';
  title: string;
  text: string;
}

/** A modal alert with an icon, a title, a text and OK, like the alerts the spec shows. */
export function AlertDialog({ alert, onClose }: { alert: AlertContent | null; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog.Root open={alert !== null} onOpenChange={(e) => !e.open && onClose()} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content textAlign="center" mx="4">
            {alert && (
              <>
                <Flex justify="center" pt="6" color={alert.status === 'success' ? 'green.600' : 'orange.500'}>
                  {alert.status === 'success' ? <CircleCheck size={56} aria-hidden /> : <CircleAlert size={56} aria-hidden />}
                </Flex>
                <Dialog.Header justifyContent="center">
                  <Dialog.Title>{alert.title}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Text>{alert.text}</Text>
                </Dialog.Body>
                <Dialog.Footer justifyContent="center">
                  <Button colorPalette="blue" onClick={onClose}>
                    {t('common.ok')}
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

/** The same alert on a page drawn with plain elements: it brings Chakra's run-time with its code. */
export function PlainPageAlertDialog(props: { alert: AlertContent | null; onClose: () => void }) {
  return (
    <WithChakra>
      <AlertDialog {...props} />
    </WithChakra>
  );
}
