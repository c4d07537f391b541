import { Button, HStack, Link, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDecimal, formatDigits } from '../../lib/format';
import { localeOf, useLanguage, useT } from '../../lib/i18n';
import { downloadLesson, inMegabytes, keptLesson, offlineLessonAddress, planDownload, type DownloadPlan, type KeptLesson } from '../../lib/lesson-downloads';
import { paths } from '../../lib/paths';

type State =
  | { step: 'reading' }
  | { step: 'offered'; plan: DownloadPlan }
  | { step: 'saving'; plan: DownloadPlan; saved: number; total: number }
  | { step: 'stopped'; plan: DownloadPlan }
  | { step: 'kept'; lesson: KeptLesson }
  | { step: 'unavailable' };

interface Props {
  lesson: { id: string; title: string };
  course: { id: string; name: string };
  /** The lesson's signed stream address (master playlist). */
  streamUrl: string;
  /** Told when the lesson is (or already was) kept on the phone, with the address it plays from there. */
  onKept: (address: string) => void;
}

/**
 * "Download" under a lesson of an enrolled course: its size first, then the 240p rendition saved
 * segment by segment with the progress; a cut download goes on from where it stopped.
 */
export function DownloadLesson({ lesson, course, streamUrl, onKept }: Props) {
  const t = useT();
  const { language } = useLanguage();
  const [state, setState] = useState<State>({ step: 'reading' });
  // The page plays from the phone once the worker answers its requests (the next page, on a first visit).
  const playFromPhone = () => {
    if (navigator.serviceWorker.controller) onKept(offlineLessonAddress(lesson.id));
  };

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      // A kept lesson plays through the site's service worker: downloads are offered once it runs.
      if (!('serviceWorker' in navigator)) return setState({ step: 'unavailable' });
      await navigator.serviceWorker.ready;
      const kept = await keptLesson(lesson.id);
      if (cancelled) return;
      if (kept) {
        setState({ step: 'kept', lesson: kept });
        playFromPhone();
        return;
      }
      try {
        const plan = await planDownload(streamUrl);
        if (!cancelled) setState({ step: 'offered', plan });
      } catch {
        if (!cancelled) setState({ step: 'unavailable' });
      }
    })();
    return () => {
      cancelled = true;
    };
    // The stream's address is renewed now and then: the lesson decides, not its address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lesson.id]);

  const save = async (plan: DownloadPlan) => {
    // Downloads are worth keeping when space runs low: the browser is asked (its answer changes nothing here).
    void navigator.storage?.persist?.().catch(() => false);
    setState({ step: 'saving', plan, saved: 0, total: plan.segments.length });
    try {
      const kept = await downloadLesson(plan, { lessonId: lesson.id, courseId: course.id, title: lesson.title, courseName: course.name }, (saved, total) =>
        setState({ step: 'saving', plan, saved, total }),
      );
      setState({ step: 'kept', lesson: kept });
      playFromPhone();
    } catch {
      setState({ step: 'stopped', plan });
    }
  };

  if (state.step === 'reading' || state.step === 'unavailable') return null;
  if (state.step === 'kept') {
    return (
      <HStack gap="3" wrap="wrap" data-testid="lesson-download">
        <Text fontSize="sm">{t('download.kept', { size: t('download.size', { amount: formatDecimal(inMegabytes(state.lesson.bytes), 1, language) }) })}</Text>
        <Link asChild fontSize="sm" colorPalette="blue">
          <RouterLink to={paths.myCourses}>{t('download.list')}</RouterLink>
        </Link>
      </HStack>
    );
  }
  if (state.step === 'saving') {
    return (
      <Stack gap="1" data-testid="lesson-download">
        <Text fontSize="sm" role="status">
          {t('download.progress', { saved: formatDigits(state.saved, language), total: formatDigits(state.total, language) })}
        </Text>
        <Progress.Root locale={localeOf(language)} value={Math.round((100 * state.saved) / Math.max(state.total, 1))} size="sm" aria-label={lesson.title}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </Stack>
    );
  }
  const { plan } = state;
  return (
    <Stack gap="1" align="start" data-testid="lesson-download">
      {state.step === 'stopped' && (
        <Text fontSize="sm" color="red.700" role="alert">
          {t('download.failed')}
        </Text>
      )}
      <Button variant="outline" size="sm" onClick={() => void save(plan)}>
        {t('download.button', { size: t('download.size', { amount: formatDecimal(inMegabytes(plan.estimatedBytes), 1, language) }) })}
      </Button>
    </Stack>
  );
}
