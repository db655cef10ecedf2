import { useCallback, useState } from 'react';
import { readStorage, writeStorage } from '../../lib/storage.js';
import { ALL_CATEGORIES, type Station } from './station-logic.js';

export interface BoardSettings {
  station: Station;
  category: string;
  oldestFirst: boolean;
  warnMinutes: number;
  lateMinutes: number;
}

export const DEFAULT_BOARD_SETTINGS: BoardSettings = {
  station: 'all',
  category: ALL_CATEGORIES,
  oldestFirst: true,
  warnMinutes: 5,
  lateMinutes: 10,
};

const KEY = 'boardSettings';

export function parseBoardSettings(raw: string | null): BoardSettings {
  if (!raw) return DEFAULT_BOARD_SETTINGS;
  try {
    const v = JSON.parse(raw) as Partial<BoardSettings>;
    const minutes = (n: unknown, fallback: number) =>
      typeof n === 'number' && Number.isFinite(n) && n > 0 && n <= 240 ? n : fallback;
    const warnMinutes = minutes(v.warnMinutes, DEFAULT_BOARD_SETTINGS.warnMinutes);
    return {
      station: v.station === 'cafe' || v.station === 'bar' ? v.station : 'all',
      category: typeof v.category === 'string' && v.category ? v.category : ALL_CATEGORIES,
      oldestFirst: v.oldestFirst !== false,
      warnMinutes,
      lateMinutes: Math.max(warnMinutes, minutes(v.lateMinutes, DEFAULT_BOARD_SETTINGS.lateMinutes)),
    };
  } catch {
    return DEFAULT_BOARD_SETTINGS;
  }
}

/** This board's station, filter, sort and age thresholds, kept in the browser that shows it. */
export function useBoardSettings() {
  const [settings, setSettings] = useState(() => parseBoardSettings(readStorage(KEY)));
  const update = useCallback((patch: Partial<BoardSettings>) => {
    setSettings((s) => {
      const next = { ...s, ...patch };
      writeStorage(KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  return [settings, update] as const;
}
