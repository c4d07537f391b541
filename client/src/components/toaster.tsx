import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from '@chakra-ui/react';
import { WithChakra } from '../app/chakra';
import { connectToaster } from '../lib/toaster';
import { useT } from '../lib/i18n';

const store = createToaster({ placement: 'top-end', duration: 5000, pauseOnPageIdle: true });
connectToaster((options) => void store.create(options));

export function Toaster() {
  const t = useT();
  return (
    <WithChakra>
      <Portal>
        <ChakraToaster toaster={store} insetInline={{ mdDown: '4' }} aria-label={t('common.notifications')}>
          {(toast) => (
            <Toast.Root width={{ md: 'sm' }}>
              <Toast.Indicator />
              <Stack gap="1" flex="1" maxWidth="100%">
                {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
                {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
              </Stack>
              <Toast.CloseTrigger aria-label={t('common.dismiss')} />
            </Toast.Root>
          )}
        </ChakraToaster>
      </Portal>
    </WithChakra>
  );
}
