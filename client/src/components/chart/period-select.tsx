import { useId } from 'react';
import { useT } from '../../lib/i18n';
import { CHART_PERIODS, type ChartPeriod } from './periods';

/** The period a dashboard chart covers: the last 7 or 30 days by day, or the last 12 or 52 weeks by week. */
export function PeriodSelect({ value, onChange }: { value: ChartPeriod; onChange: (period: ChartPeriod) => void }) {
  const t = useT();
  const id = useId();
  return (
    <div className="ui-field">
      <label htmlFor={id}>{t('chart.period')}</label>
      <select id={id} className="ui-select ui-sm" value={value} onChange={(event) => onChange(event.target.value as ChartPeriod)}>
        {CHART_PERIODS.map((period) => (
          <option key={period} value={period}>
            {t(`chart.period.${period}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
