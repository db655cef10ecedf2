import type { TimelineEntry } from '@drinks/contracts';
import { describe, expect, it } from 'vitest';
import { formatMinutes, timelineLabel, timelineRows, totalMinutes } from './timeline-format.js';

const entry = (kind: TimelineEntry['kind'], at: string, extra: Partial<TimelineEntry> = {}): TimelineEntry => ({
  kind,
  at,
  by: null,
  reason: null,
  minutesSincePrevious: null,
  ...extra,
});

describe('timelineLabel', () => {
  it('names each step as a person would', () => {
    expect(timelineLabel(entry('placed', ''))).toBe('Placed');
    expect(timelineLabel(entry('started', '', { by: { id: 'b', name: 'Barista Bob' } }))).toBe(
      'Started by Barista Bob',
    );
    expect(timelineLabel(entry('started', '', { by: { id: 'b', name: null } }))).toBe('Started');
    expect(timelineLabel(entry('completed', ''))).toBe('Finished');
    expect(timelineLabel(entry('rejected', '', { reason: 'Machine Failure' }))).toBe('Rejected: Machine Failure');
    expect(timelineLabel(entry('rejected', ''))).toBe('Rejected');
    expect(timelineLabel(entry('cancelled', ''))).toBe('Cancelled');
    expect(timelineLabel(entry('picked', ''))).toBe('Picked up');
  });
});

describe('formatMinutes', () => {
  it('keeps one decimal, drops .0 and reads hours above 60', () => {
    expect(formatMinutes(0)).toBe('<1 min');
    expect(formatMinutes(0.4)).toBe('<1 min');
    expect(formatMinutes(3)).toBe('3 min');
    expect(formatMinutes(3.04)).toBe('3 min');
    expect(formatMinutes(3.5)).toBe('3.5 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(65.2)).toBe('1 h 5 min');
  });
});

describe('timelineRows', () => {
  const entries = [
    entry('placed', '2025-03-03T03:00:00.000Z'),
    entry('started', '2025-03-03T03:04:30.000Z', { by: { id: 'b', name: 'Bob' }, minutesSincePrevious: 4.5 }),
    entry('completed', '2025-03-03T03:10:30.000Z', { minutesSincePrevious: 6 }),
    entry('picked', '2025-03-03T03:11:00.000Z', { minutesSincePrevious: 0.5 }),
  ];

  it('gives each step its business-time clock time and the minutes since the previous step', () => {
    expect(timelineRows(entries, 'Asia/Bangkok')).toEqual([
      { kind: 'placed', label: 'Placed', time: '10:00', at: entries[0]!.at, gap: null },
      { kind: 'started', label: 'Started by Bob', time: '10:04', at: entries[1]!.at, gap: '4.5 min later' },
      { kind: 'completed', label: 'Finished', time: '10:10', at: entries[2]!.at, gap: '6 min later' },
      { kind: 'picked', label: 'Picked up', time: '10:11', at: entries[3]!.at, gap: '<1 min later' },
    ]);
  });

  it('totals the minutes from first to last step', () => {
    expect(totalMinutes(entries)).toBe(11);
    expect(totalMinutes(entries.slice(0, 1))).toBeNull();
  });
});
