import type { SeriesInterval } from '../../gql/types';
import { dateTimeFormat } from '../../lib/format';
import { localeOf, type Language } from '../../lib/i18n';

/** The periods a dashboard chart offers, ending today in Asia/Dhaka. */
export const CHART_PERIODS = ['days7', 'days30', 'weeks12', 'weeks52'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];

const LENGTH: Record<ChartPeriod, { days: number; interval: SeriesInterval }> = {
  days7: { days: 7, interval: 'DAY' },
  days30: { days: 30, interval: 'DAY' },
  weeks12: { days: 84, interval: 'WEEK' },
  weeks52: { days: 364, interval: 'WEEK' },
};

/** Today's date in Asia/Dhaka, YYYY-MM-DD. */
export function dhakaToday(now = new Date()): string {
  return dateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The variables of a series query for a period ending on `today`. */
export function periodVariables(period: ChartPeriod, today = dhakaToday()): { from: string; to: string; interval: SeriesInterval } {
  const { days, interval } = LENGTH[period];
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to: today, interval };
}

/** A bucket's first day as an axis writes it: "5 Mar" / "৫ মার্চ". */
export function formatBucket(start: string, language: Language): string {
  return dateTimeFormat(language === 'en' ? 'en-GB' : localeOf(language), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${start}T00:00:00Z`),
  );
}
