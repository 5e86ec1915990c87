import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage } from './i18n.ts';
import { formatUpToHundredths } from './money.ts';
import { buildStatGroups, formatStatValue, isDurationStat, statLabel, statTime } from './stats-format.ts';

const plain = (text: string) => text.replace(/\s/g, ' ');
const LOGIN_MS = Date.parse('2024-01-02T03:04:00Z');

describe('statLabel (spec 9)', () => {
  it('title-cases names with underscores as spaces', () => {
    expect(statLabel('BLOCKS_BROKEN')).toBe('Blocks Broken');
    expect(statLabel('ORE_SURGE_ACTIVATIONS')).toBe('Ore Surge Activations');
    expect(statLabel('DEATHS')).toBe('Deaths');
    expect(statLabel('time_played')).toBe('Time Played');
    expect(statLabel('__ODD__NAME_')).toBe('Odd Name');
  });
});

describe('isDurationStat (spec 9)', () => {
  it('holds for names ending in TIME, containing DURATION or starting with TIME_', () => {
    expect(isDurationStat('TIME_PLAYED')).toBe(true);
    expect(isDurationStat('AFK_TIME')).toBe(true);
    expect(isDurationStat('MINETIME')).toBe(true);
    expect(isDurationStat('BOOST_DURATION_TOTAL')).toBe(true);
    expect(isDurationStat('BLOCKS_BROKEN')).toBe(false);
    expect(isDurationStat('TIMES_JAILED')).toBe(false);
  });
});

describe('formatStatValue (spec 9)', () => {
  it('shows login and logout moments in Australia/Brisbane, from milliseconds or seconds', () => {
    expect(plain(formatStatValue('FIRST_LOGIN', LOGIN_MS))).toBe('Jan 2, 2024, 1:04 PM');
    expect(plain(formatStatValue('LAST_LOGIN', LOGIN_MS / 1000))).toBe('Jan 2, 2024, 1:04 PM');
    expect(plain(formatStatValue('LAST_LOGOUT', LOGIN_MS + 60_000))).toBe('Jan 2, 2024, 1:05 PM');
  });

  it('shows durations as days, hours, minutes and seconds', () => {
    expect(formatStatValue('TIME_PLAYED', 3 * 86_400 + 4 * 3600 + 12 * 60 + 9)).toBe('3d 4h 12m 9s');
    expect(formatStatValue('SESSION_DURATION', 45)).toBe('45s');
  });

  it('groups other numbers with up to 2 decimals', () => {
    expect(formatStatValue('BLOCKS_BROKEN', 1234567)).toBe('1,234,567');
    expect(formatStatValue('ENERGY_GAINED', 1234.5678)).toBe('1,234.57');
    expect(formatStatValue('ENERGY_GAINED', 0.5)).toBe('0.5');
  });
});

describe('statTime (spec 9)', () => {
  const seconds = LOGIN_MS / 1000;

  it('reads values above 1e12 as milliseconds and the rest as seconds', () => {
    expect(statTime(seconds)).toBe('Jan 2, 2024, 1:04 PM');
    expect(statTime(seconds * 1000)).toBe('Jan 2, 2024, 1:04 PM');
    // 1e12 itself is seconds (the year 33658); just above it is milliseconds (2001).
    expect(statTime(1e12 + 1)).toContain('2001');
    expect(statTime(1e12)).toContain('33658');
  });

  it('reads a dash for never (zero) and what is no date', () => {
    expect(statTime(0)).toBe('—');
    expect(statTime(Number.NaN)).toBe('—');
    expect(statTime(1e16)).toBe('—');
  });

  it("writes Brisbane's time as Intl.DateTimeFormat does, from the end of its last daylight saving", () => {
    const brisbane = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Australia/Brisbane',
    });
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1992, 2, 1) / 1000, max: 1e12 }), (seconds) => {
        expect(statTime(seconds)).toBe(plain(brisbane.format(seconds * 1000)));
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1e12 + 1, max: Date.UTC(2200, 0, 1) }), (ms) => {
        expect(statTime(ms)).toBe(plain(brisbane.format(ms)));
      }),
    );
  });
});

describe('formatUpToHundredths', () => {
  it('writes numbers as Intl.NumberFormat does in en-US with up to two decimals', () => {
    expect(formatUpToHundredths(1234.5678)).toBe('1,234.57');
    expect(formatUpToHundredths(-0.001)).toBe('-0');
    expect(formatUpToHundredths(1.005)).toBe('1.01');
    expect(formatUpToHundredths(0.125)).toBe('0.13');
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
    const same = (value: number) => {
      expect(formatUpToHundredths(value)).toBe(intl.format(value));
    };
    for (const value of [0, -0, 0.005, -0.005, 2.675, 1e20, 1e21, -1e21, Number.NaN, Infinity, -Infinity])
      same(value);
    fc.assert(fc.property(fc.double({ noNaN: true }), same));
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (hundredths) => same(hundredths / 100 + 0.005)),
    );
    fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e9 }), (thousandths) => same(thousandths / 1000)));
  });
});

describe('buildStatGroups', () => {
  it('groups stats by category in catalogue order, with unknown names under Other', () => {
    const groups = buildStatGroups({
      ZOMBIES_SLAIN: 3,
      ENERGY_GAINED: 100,
      COAL_ORE: 7,
      DEATHS: 2,
      BLOCKS_BROKEN: 9000,
      FEED_ACTIVATIONS: 12,
      ANVILS_USED: 1,
    });
    expect(groups.map((group) => group.category)).toEqual([
      'Blocks',
      'Enchant Activations',
      'Resources',
      'Other',
    ]);
    expect(groups[0]).toEqual({
      category: 'Blocks',
      metrics: [
        { name: 'BLOCKS_BROKEN', label: 'Blocks Broken', value: '9,000' },
        { name: 'COAL_ORE', label: 'Coal Ore', value: '7' },
      ],
    });
    // Known Other stats keep catalogue order; unknown names follow alphabetically.
    expect(groups[3]?.metrics.map((metric) => metric.name)).toEqual([
      'DEATHS',
      'ANVILS_USED',
      'ZOMBIES_SLAIN',
    ]);
  });

  it('formats each metric by its name', () => {
    const [time] = buildStatGroups({ LAST_LOGIN: LOGIN_MS, TIME_PLAYED: 3661 });
    expect(time?.category).toBe('Time');
    expect(time?.metrics.map((metric) => [metric.label, plain(metric.value)])).toEqual([
      ['Time Played', '1h 1m 1s'],
      ['Last Login', 'Jan 2, 2024, 1:04 PM'],
    ]);
  });

  it("counts an array's last value", () => {
    const [blocks] = buildStatGroups({ BLOCKS_BROKEN: [1, 2, 3456] });
    expect(blocks?.metrics[0]?.value).toBe('3,456');
  });

  it('skips empty arrays, non-finite values and MOMENTUM, dropping empty categories', () => {
    const groups = buildStatGroups({
      BLOCKS_BROKEN: [],
      COAL_ORE: Number.NaN,
      IRON_ORE: [5, Number.POSITIVE_INFINITY],
      MOMENTUM: 75,
      DEATHS: 1,
    });
    expect(groups).toEqual([
      { category: 'Other', metrics: [{ name: 'DEATHS', label: 'Deaths', value: '1' }] },
    ]);
  });

  it('has no groups for no stats', () => {
    expect(buildStatGroups({})).toEqual([]);
    expect(buildStatGroups({ MOMENTUM: 1 })).toEqual([]);
  });
});

describe('statistics in other languages', () => {
  afterEach(async () => {
    await activateLanguage('en');
  });

  it('write login times in Brisbane, durations and numbers as the language does', async () => {
    await activateLanguage('de');
    expect(statTime(LOGIN_MS)).toBe('02.01.2024, 13:04');
    expect(statTime(0)).toBe('—');
    expect(statTime(1e16)).toBe('—');
    expect(formatStatValue('BLOCKS_BROKEN', 1234567)).toBe('1.234.567');
    expect(formatStatValue('ENERGY_GAINED', 1234.5678)).toBe('1.234,57');
    expect(plain(formatStatValue('TIME_PLAYED', 3661))).toBe('1 Std. 1 Min. 1 Sek.');
    await activateLanguage('ru');
    expect(statTime(LOGIN_MS / 1000)).toBe('2 янв. 2024 г., 13:04');
  });

  it("keeps the game's stat names and names the categories in the page's language", async () => {
    await activateLanguage('pl');
    const [blocks] = buildStatGroups({ BLOCKS_BROKEN: 12345 });
    // The category's name from the Polish catalogue.
    expect(blocks?.category).toBe('Bloki');
    expect(blocks?.metrics).toEqual([
      { name: 'BLOCKS_BROKEN', label: 'Blocks Broken', value: '12\u00a0345' },
    ]);
  });
});
