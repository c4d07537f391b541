import { Button, HStack, Link, Progress, RadioGroup, Stack, Switch, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDecimal, formatDigits } from '../../lib/format';
import { localDigits } from '../../lib/digits';
import { localeOf, useLanguage, useT } from '../../lib/i18n';
import {
  askToKeepDownloads,
  DEFAULT_DOWNLOAD,
  downloadLesson,
  inMegabytes,
  keptLesson,
  offlineLessonAddress,
  planDownloads,
  renewKeptLesson,
  type DownloadChoice,
  type DownloadPlan,
  type KeptLesson,
} from '../../lib/lesson-downloads';
import { paths } from '../../lib/paths';
import { connectionHints, downloadWait, downloadWaitsForWifi, loadWifiOnly, saveWifiOnly, tellsConnectionType } from '../../lib/video-preferences';

type State =
  | { step: 'reading' }
  | { step: 'offered'; plans: DownloadPlan[] }
  | { step: 'waiting'; plans: DownloadPlan[]; plan: DownloadPlan }
  | { step: 'saving'; plan: DownloadPlan; saved: number; total: number }
  | { step: 'stopped'; plans: DownloadPlan[] }
  | { step: 'kept'; lesson: KeptLesson }
  | { step: 'unavailable' };

interface Props {
  lesson: { id: string; title: string };
  course: { id: string; name: string };
  /** The lesson's signed stream address (master playlist): the server gives one only while the student is enrolled. */
  streamUrl: string;
  /** Told when the lesson is (or already was) kept on the phone, with the address it plays from there. */
  onKept: (address: string) => void;
  /** Asks the server for the lesson's stream address again, once the one a long download started with has expired. */
  refreshUrl?: () => Promise<string | null>;
}

/**
 * "Download" under a lesson of an enrolled course: the renditions to choose from (240p, 360p, the
 * sound alone) each with its size first, then the chosen one saved segment by segment with the
 * progress; a cut download goes on from where it stopped. With "Download only on Wi-Fi or a wired
 * connection" on, a download asked for on any other connection the browser names, or while it asks to
 * save data, waits and says why.
 */
export function DownloadLesson({ lesson, course, streamUrl, onKept, refreshUrl }: Props) {
  const t = useT();
  const { language } = useLanguage();
  const [state, setState] = useState<State>({ step: 'reading' });
  const [choice, setChoice] = useState<DownloadChoice>(DEFAULT_DOWNLOAD);
  const [wifiOnly, setWifiOnly] = useState(() => loadWifiOnly());
  const tellsType = tellsConnectionType(connectionHints());
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
      let kept = await keptLesson(lesson.id);
      if (cancelled) return;
      if (kept) {
        // Online with a stream address, the enrollment is active: the lesson is kept a while longer.
        if (navigator.onLine) kept = await renewKeptLesson(kept).catch(() => kept as KeptLesson);
        if (cancelled) return;
        setState({ step: 'kept', lesson: kept });
        playFromPhone();
        return;
      }
      try {
        const plans = await planDownloads(streamUrl);
        if (!cancelled) setState({ step: 'offered', plans });
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

  const save = async (plans: DownloadPlan[], plan: DownloadPlan) => {
    void askToKeepDownloads();
    setState({ step: 'saving', plan, saved: 0, total: plan.segments.length });
    try {
      const kept = await downloadLesson(
        plan,
        { lessonId: lesson.id, courseId: course.id, title: lesson.title, courseName: course.name },
        (saved, total) => setState({ step: 'saving', plan, saved, total }),
        refreshUrl,
      );
      setState({ step: 'kept', lesson: kept });
      playFromPhone();
    } catch {
      setState({ step: 'stopped', plans });
    }
  };

  const start = (plans: DownloadPlan[], plan: DownloadPlan) => {
    if (downloadWaitsForWifi(wifiOnly)) setState({ step: 'waiting', plans, plan });
    else void save(plans, plan);
  };

  // A waiting download starts once the phone is on Wi-Fi, or the student lets it use mobile data.
  const waiting = state.step === 'waiting' ? state : null;
  useEffect(() => {
    if (!waiting) return;
    const check = () => {
      if (!downloadWaitsForWifi(wifiOnly)) void save(waiting.plans, waiting.plan);
    };
    check();
    const connection = connectionHints() as (EventTarget & object) | undefined;
    connection?.addEventListener?.('change', check);
    return () => connection?.removeEventListener?.('change', check);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting, wifiOnly]);

  const size = (bytes: number) => t('download.size', { amount: formatDecimal(inMegabytes(bytes), 1, language) });
  const choiceLabel = (option: DownloadChoice) => (option === 'audio' ? t('video.quality.audio') : localDigits(option, language));

  if (state.step === 'reading' || state.step === 'unavailable') return null;
  if (state.step === 'kept') {
    return (
      <HStack gap="3" wrap="wrap" data-testid="lesson-download">
        <Text fontSize="sm">{t('download.kept', { size: size(state.lesson.bytes) })}</Text>
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
  const { plans } = state;
  const chosen = plans.find((plan) => plan.choice === choice) ?? plans[0];
  return (
    <Stack gap="2" align="start" data-testid="lesson-download">
      {state.step === 'stopped' && (
        <Text fontSize="sm" color="red.700" role="alert">
          {t('download.failed')}
        </Text>
      )}
      {plans.length > 1 && (
        <RadioGroup.Root size="sm" value={chosen?.choice ?? null} onValueChange={(e) => setChoice(e.value as DownloadChoice)} aria-label={t('download.choose')}>
          <HStack gap="4" wrap="wrap">
            {plans.map((plan) => (
              <RadioGroup.Item key={plan.choice} value={plan.choice}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{t('download.option', { rendition: choiceLabel(plan.choice), size: size(plan.estimatedBytes) })}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </RadioGroup.Root>
      )}
      {state.step === 'waiting' ? (
        <Text fontSize="sm" role="status" data-testid="download-waiting">
          {t(downloadWait(wifiOnly) === 'saveData' ? 'download.waitingSaveData' : 'download.waitingForWifi', { size: size(state.plan.estimatedBytes) })}
        </Text>
      ) : (
        chosen && (
          <Button variant="outline" size="sm" onClick={() => start(state.plans, chosen)}>
            {t('download.button', { size: size(chosen.estimatedBytes) })}
          </Button>
        )
      )}
      {tellsType ? (
        <Switch.Root
          size="sm"
          checked={wifiOnly}
          onCheckedChange={(e) => {
            saveWifiOnly(e.checked);
            setWifiOnly(e.checked);
          }}
          colorPalette="green"
        >
          <Switch.HiddenInput data-testid="wifi-only" />
          <Switch.Control />
          <Switch.Label>{t('download.wifiOnly')}</Switch.Label>
        </Switch.Root>
      ) : (
        <Text fontSize="xs" color="fg.muted" data-testid="wifi-unknown">
          {t('download.wifiUnknown')}
        </Text>
      )}
    </Stack>
  );
}
