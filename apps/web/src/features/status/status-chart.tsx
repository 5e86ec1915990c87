// The players-online chart of the status page, drawn by uPlot (about a tenth of Recharts). The page
// loads this module lazily, so uPlot stays in its own chunk (scripts/check-budget.mjs fails the build
// if it reaches any other page). The canvas is hidden from assistive technology: the page shows the
// history's summary as text beside it.
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { StatusRange, StatusSeries } from '@prison/shared/status';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import { translate } from '../../lib/i18n.ts';
import { formatWhole, intlFormatter, intlLanguage } from '../../lib/money.ts';
import { bucketTime } from './status-model.ts';

interface ThemeColors {
  accent: string;
  text: string;
  grid: string;
  surface: string;
}

/** The theme's colours as the canvas needs them (rgb() strings), read again when the theme changes. */
function useThemeColors(ref: RefObject<HTMLElement | null>): ThemeColors | null {
  const [colors, setColors] = useState<ThemeColors | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const read = () => {
      // A custom property holds what was written (a hex, an rgb() with a slash); a colour property
      // set from it computes to rgb()/rgba(), which the alpha of the area fill below can extend.
      const probe = document.createElement('span');
      element.append(probe);
      const resolve = (variable: string) => {
        probe.style.color = `var(${variable})`;
        return getComputedStyle(probe).color;
      };
      const next = {
        accent: resolve('--accent'),
        text: resolve('--fg-muted'),
        grid: resolve('--line'),
        surface: resolve('--surface'),
      };
      probe.remove();
      setColors((current) => (current && JSON.stringify(current) === JSON.stringify(next) ? current : next));
    };
    read();
    // Spec 4 Theme: the `dark` class on <html> switches the theme.
    const observer = new MutationObserver(read);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, [ref]);
  return colors;
}

/** rgb(1, 2, 3) or rgba(1, 2, 3, 0.5) with another alpha. */
function withAlpha(color: string, alpha: number): string {
  const [r, g, b] = color.match(/[\d.]+/g) ?? ['0', '0', '0'];
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

// Whole players only on the y axis.
const COUNT_INCRS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10_000];

/** The y axis's step: the smallest that reaches `top` in four steps or fewer. */
function countStep(top: number): number {
  return COUNT_INCRS.find((step) => top / step <= 4) ?? 10 ** Math.ceil(Math.log10(top / 4));
}

/** From zero to a whole number of steps above the highest point, so the top grid line closes the plot. */
function yRange(_u: uPlot, _min: number | null, max: number | null): uPlot.Range.MinMax {
  const top = Math.max(5, (max ?? 0) * 1.1);
  const step = countStep(top);
  return [0, Math.ceil(top / step) * step];
}

function ySplits(u: uPlot): number[] {
  const max = u.scales.y?.max ?? 5;
  const step = countStep(max);
  return Array.from({ length: Math.round(max / step) + 1 }, (_, i) => i * step);
}

/**
 * Reports further apart than this leave a gap in the line; closer ones are joined. A 5-minute bucket
 * can go without a sample while the game server reports less often than the bridge samples (a seeded
 * or a lagging server), which is not an outage; an hour without one is.
 */
const JOIN_SECONDS = 10 * 60;

function hasNeighbour(
  xs: ArrayLike<number>,
  ys: ArrayLike<number | null | undefined>,
  i: number,
  dir: 1 | -1,
) {
  for (let j = i + dir; j >= 0 && j < xs.length && Math.abs(xs[j]! - xs[i]!) <= JOIN_SECONDS; j += dir) {
    if (ys[j] != null) return true;
  }
  return false;
}

/** The gaps to leave (uPlot hands them in canvas pixels, each from one report to the next). */
function refineGaps(u: uPlot, _series: number, _i0: number, _i1: number, gaps: uPlot.Series.Gaps) {
  const origin = u.scales.x?.min ?? 0;
  const joined = Math.abs(u.valToPos(origin + JOIN_SECONDS, 'x', true) - u.valToPos(origin, 'x', true));
  return gaps.filter(([from, to]) => to - from > joined + 1);
}

/** A report with no line to either side is drawn as a dot. */
function isolatedPoints(u: uPlot, seriesIndex: number, show: boolean): number[] | null {
  if (show) return null;
  const xs = u.data[0];
  const ys = u.data[seriesIndex] ?? [];
  const isolated: number[] = [];
  for (let i = 0; i < ys.length; i += 1) {
    if (ys[i] != null && !hasNeighbour(xs, ys, i, -1) && !hasNeighbour(xs, ys, i, 1)) isolated.push(i);
  }
  return isolated.length > 0 ? isolated : null;
}

const DAY = 86_400;

/**
 * The axes' formats, in the page's language: on a page in English, counts in en-US and times in the
 * browser's own locale, as the chart has always written them.
 */
function axisFormats() {
  const language = intlLanguage();
  return intlFormatter(language ?? 'en', 'status chart axes', () => ({
    compact: new Intl.NumberFormat(language ?? 'en-US', { notation: 'compact', maximumFractionDigits: 1 }),
    hour: new Intl.DateTimeFormat(language ?? undefined, { hour: 'numeric' }),
    weekday: new Intl.DateTimeFormat(language ?? undefined, { weekday: 'short', day: 'numeric' }),
    date: new Intl.DateTimeFormat(language ?? undefined, { month: 'short', day: 'numeric' }),
  }));
}

/** "143 players online", in the page's language. */
function onlineText(count: number): string {
  const players = formatWhole(count);
  return translate(
    msg({
      message: plural(count, { one: `${players} player online`, other: `${players} players online` }),
      comment: 'Tooltip of a point of the players-online chart',
    }),
  );
}

/** Hours over a day; over a week the day at midnight and the hour between; dates over a month. */
function timeTicks(range: StatusRange) {
  return (_u: uPlot, splits: number[], _axis: number, _space: number, increment: number) =>
    splits.map((at) => {
      const date = new Date(at * 1000);
      const formats = axisFormats();
      if (increment >= DAY) return formats.date.format(date);
      const midnight = date.getHours() === 0 && date.getMinutes() === 0;
      return range !== 'day' && midnight ? formats.weekday.format(date) : formats.hour.format(date);
    });
}

/** A tooltip over the plot: the bucket's time and its count, or that the game server was silent. */
function tooltipPlugin(range: StatusRange): uPlot.Plugin {
  let tip: HTMLDivElement;
  let time: HTMLParagraphElement;
  let value: HTMLParagraphElement;
  return {
    hooks: {
      init: (u) => {
        tip = document.createElement('div');
        tip.className =
          'pointer-events-none absolute z-10 min-w-36 rounded-xl border border-line bg-surface-raised px-3 py-2 text-left shadow-card';
        tip.hidden = true;
        time = document.createElement('p');
        time.className = 'text-xs text-fg-muted';
        value = document.createElement('p');
        value.className = 'mt-0.5 text-sm font-semibold text-fg tabular-nums';
        tip.append(time, value);
        u.over.append(tip);
      },
      setCursor: (u) => {
        const index = u.cursor.idx;
        const left = u.cursor.left ?? -1;
        if (index === null || index === undefined || left < 0) {
          tip.hidden = true;
          return;
        }
        const at = u.data[0][index] as number;
        const online = u.data[1]?.[index];
        time.textContent = bucketTime(range, at);
        value.textContent =
          online === null || online === undefined
            ? translate(
                msg({
                  message: 'No report',
                  comment: 'Tooltip of the chart where the game server was silent',
                }),
              )
            : onlineText(online);
        tip.hidden = false;
        const x = u.valToPos(at, 'x');
        const y = online === null || online === undefined ? u.over.clientHeight / 2 : u.valToPos(online, 'y');
        const width = tip.offsetWidth;
        const height = tip.offsetHeight;
        const gap = 12;
        // Beside the point, on whichever side has room, and never out of the plot.
        const tipLeft = x + gap + width <= u.over.clientWidth ? x + gap : x - gap - width;
        const tipTop = Math.min(Math.max(y - height - gap, 0), u.over.clientHeight - height);
        tip.style.transform = `translate(${Math.max(0, tipLeft)}px, ${tipTop}px)`;
      },
    },
  };
}

function chartOptions(
  range: StatusRange,
  colors: ThemeColors,
  size: { width: number; height: number },
): uPlot.Options {
  const axis = {
    stroke: colors.text,
    font: '12px "Inter Variable", ui-sans-serif, system-ui, sans-serif',
    grid: { stroke: colors.grid, width: 1 },
    ticks: { show: false },
  };
  return {
    ...size,
    legend: { show: false },
    // The history is not zoomed: a drag does nothing, and the cursor follows the x axis only.
    cursor: {
      y: false,
      drag: { x: false, y: false, setScale: false },
      points: { size: 9, width: 2, fill: colors.surface, stroke: colors.accent },
    },
    scales: { y: { range: yRange } },
    axes: [
      { ...axis, size: 30, space: range === 'day' ? 56 : 72, values: timeTicks(range) },
      {
        ...axis,
        size: 44,
        splits: ySplits,
        values: (_u, splits) => splits.map((count) => axisFormats().compact.format(count)),
      },
    ],
    series: [
      {},
      {
        label: translate(msg`Players online`),
        stroke: colors.accent,
        width: 2,
        // A bucket without a report is a gap in the line (refineGaps), not a fall to zero.
        spanGaps: false,
        gaps: refineGaps,
        points: { size: 6, width: 1, fill: colors.accent, stroke: colors.accent, filter: isolatedPoints },
        fill: (u) => {
          const gradient = u.ctx.createLinearGradient(0, u.bbox.top, 0, u.bbox.top + u.bbox.height);
          gradient.addColorStop(0, withAlpha(colors.accent, 0.38));
          gradient.addColorStop(1, withAlpha(colors.accent, 0.02));
          return gradient;
        },
      },
    ],
    plugins: [tooltipPlugin(range)],
  };
}

const sizeOf = (element: HTMLElement) => ({
  width: Math.floor(element.clientWidth),
  height: Math.floor(element.clientHeight),
});

export function StatusChart({ range, series }: { range: StatusRange; series: StatusSeries }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const colors = useThemeColors(container);
  // The chart is drawn again in a language switched to.
  const { i18n } = useLingui();
  const language = i18n.locale;
  const data = useMemo<uPlot.AlignedData>(
    () => [series.points.map(([at]) => at), series.points.map(([, online]) => online)],
    [series],
  );
  const latestData = useRef(data);
  latestData.current = data;

  // One chart per range, theme and language; new samples (the page polls every minute) only replace its data.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the chart's words and figures are written in the page's language as it draws.
  useEffect(() => {
    const element = container.current;
    if (!element || !colors) return;
    const plot = new uPlot(chartOptions(range, colors, sizeOf(element)), latestData.current, element);
    chart.current = plot;
    const observer = new ResizeObserver(() => {
      const size = sizeOf(element);
      if (size.width !== plot.width || size.height !== plot.height) plot.setSize(size);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
      chart.current = null;
    };
  }, [range, colors, language]);

  useEffect(() => {
    chart.current?.setData(data);
  }, [data]);

  return (
    <div ref={container} aria-hidden className="relative h-64 w-full sm:h-80" data-testid="status-chart" />
  );
}
