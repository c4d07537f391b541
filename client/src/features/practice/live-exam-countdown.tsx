import { useEffect, useState } from 'react';
import { formatDateTime } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { serverNow } from '../../lib/server-clock';
import { clock } from './practice-labels';

/**
 * The time now by the server's clock (a phone's own may be minutes off), ticking every second until
 * `until` (then it stops: nothing more changes); null until the page runs in the browser, so a page
 * drawn on the server shows no second that is wrong by the time it arrives.
 */
export function useNowUntil(until: Date | null): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  const waiting = until !== null && (now === null || until.getTime() > now.getTime());
  useEffect(() => {
    setNow(new Date(serverNow()));
    if (!waiting) return;
    const timer = window.setInterval(() => setNow(new Date(serverNow())), 1000);
    return () => window.clearInterval(timer);
  }, [waiting]);
  return now;
}

/** Before a live exam opens: when it opens and, once the page runs, a countdown to that moment, in the page's digits. */
export function Countdown({ opensAt, now }: { opensAt: Date; now: Date | null }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <div className="ui-stack live-exam-countdown">
      <p className="live-exam-opens">{t('practice.opensAt', { time: formatDateTime(opensAt.toISOString(), language) })}</p>
      {now && (
        <p className="live-exam-clock" role="timer" aria-live="off" data-testid="countdown">
          {t('practice.opensIn', { clock: clock(Math.ceil((opensAt.getTime() - now.getTime()) / 1000), language) })}
        </p>
      )}
    </div>
  );
}
