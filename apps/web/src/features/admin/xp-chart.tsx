// The 24-hour XP area chart (spec 2.12): Recharts, which only the admin console downloads.
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { XpPoint } from '@prison/shared/admin';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { translate } from '../../lib/i18n.ts';
import { pageDateTimeFormat, pageNumberFormat } from '../../lib/page-intl.ts';

// In the page's language (lib/page-intl.ts): each is looked up when drawn, as the language may change.
const hourFormat = () => pageDateTimeFormat('hour', { hour: 'numeric' });
const fullHourFormat = () =>
  pageDateTimeFormat('weekday hour', { weekday: 'short', hour: 'numeric', minute: '2-digit' });
const compact = () => pageNumberFormat('compact tenths', { notation: 'compact', maximumFractionDigits: 1 });
const whole = () => pageNumberFormat('whole', { maximumFractionDigits: 0 });

const GAINED = msg({ message: 'Gained', comment: 'XP chart: the series of XP gained each hour' });

/** Spec 2.12: the tooltip reads "{n} XP", labelled "Gained". */
export function tooltipValue(value: number): [string, string] {
  const xp = whole().format(value);
  return [
    translate(msg({ message: `${xp} XP`, comment: 'XP chart tooltip: the XP gained in an hour' })),
    translate(GAINED),
  ];
}

export function XpChart({ series }: { series: XpPoint[] }) {
  const { t } = useLingui();
  const data = series.map((point) => ({ ...point, at: Date.parse(point.ts_hour) }));
  return (
    <div className="h-64 w-full sm:h-72" data-testid="xp-chart">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id="xp-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="#f59e0b" stopOpacity={0.45} />
              <stop offset="100%" stopColor="#f59e0b" stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <CartesianGrid stroke="currentColor" strokeOpacity={0.08} vertical={false} />
          <XAxis
            dataKey="at"
            tickFormatter={(at: number) => hourFormat().format(at)}
            tick={{ fill: 'currentColor', fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            minTickGap={24}
          />
          <YAxis
            tickFormatter={(value: number) => compact().format(value)}
            tick={{ fill: 'currentColor', fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            width={48}
          />
          <Tooltip
            formatter={(value) => tooltipValue(Number(value))}
            labelFormatter={(at) => fullHourFormat().format(Number(at))}
            contentStyle={{
              background: 'var(--surface-raised)',
              border: '1px solid var(--line)',
              borderRadius: 12,
              color: 'var(--fg)',
            }}
            cursor={{ stroke: '#f59e0b', strokeOpacity: 0.4 }}
          />
          <Area
            type="monotone"
            dataKey="xp_gained"
            name={t(GAINED)}
            stroke="#f59e0b"
            strokeWidth={2}
            fill="url(#xp-fill)"
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
