import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { WithChakra } from '../../../app/chakra';
import { useT } from '../../../lib/i18n';

export const TOUR_VIDEO = '/media/videos/product-tour.webm';

/** The product tour: a short video of finding a course, paying and learning, in a dialog. */
export function TourDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <WithChakra>
      <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" size={{ base: 'full', md: 'xl' }}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{t('home.tour.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {/* Mounted only while open: closing the dialog stops the video. */}
                {open && (
                  <video
                    src={TOUR_VIDEO}
                    controls
                    autoPlay
                    muted
                    playsInline
                    preload="metadata"
                    width="640"
                    height="360"
                    style={{ width: '100%', height: 'auto', aspectRatio: '16 / 9', background: '#000', borderRadius: '0.5rem' }}
                    aria-label={t('home.tour.video')}
                    data-testid="tour-video"
                  />
                )}
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('home.tour.close')} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </WithChakra>
  );
}
