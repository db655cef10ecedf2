import createCache, { type EmotionCache } from '@emotion/cache';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.js';

/**
 * MUI's styles, kept for the app's next start. Emotion makes each distinct style's CSS at run time: stylis
 * parses it and the sheet inserts each rule. On the board's first render that is about 400 rules and half of
 * the render's time; on the status page about 190. The rules this browser made are kept in local storage and
 * written into the page as one <style> before the app's emotion cache is made. Emotion adopts such a tag as it
 * does a server-rendered page's (its `data-emotion` attribute names the styles it holds) and makes none of
 * them again. A style's name is the hash of its content, so a kept rule is right for any build that names it.
 */

/** A style's name (what follows `css-` in its class) and the CSS rules it was made of. */
export type KeptStyles = Record<string, string[]>;

const KEY = 'css';
/** The board's ~390 rules take ~70k characters: room for every screen's, not for styles that vary without end. */
const KEPT_CHARS_LIMIT = 400_000;

/** The styles kept in `raw` (as stored), or none when it is missing or not what this module writes. */
export function parseKept(raw: string | null): KeptStyles {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const kept: KeptStyles = {};
    for (const [name, rules] of Object.entries(value)) {
      if (/^[\w-]+$/.test(name) && Array.isArray(rules) && rules.every((r) => typeof r === 'string'))
        kept[name] = rules as string[];
    }
    return kept;
  } catch {
    return {};
  }
}

/**
 * What to keep: the styles kept before and those made since, or only those made since when both together
 * would pass `limit` characters (styles that vary with data, e.g. a width per value, would otherwise pile up).
 */
export function mergeKept(kept: KeptStyles, made: KeptStyles, limit = KEPT_CHARS_LIMIT): KeptStyles {
  const merged = { ...kept, ...made };
  return size(merged) <= limit ? merged : size(made) <= limit ? made : {};
}

function size(styles: KeptStyles): number {
  return Object.entries(styles).reduce((n, [name, rules]) => n + name.length + rules.join('').length, 0);
}

/**
 * The app's emotion cache, given the styles kept by this browser; it records the styles it makes and keeps
 * them, with those it was given, whenever the page is hidden or left. Made before the first render.
 */
export function keptStyleCache(): EmotionCache {
  const kept = parseKept(readStorage(STORAGE_KEYS.styles));
  const names = Object.keys(kept);
  if (names.length > 0) {
    const tag = document.createElement('style');
    tag.setAttribute('data-emotion', `${KEY} ${names.join(' ')}`);
    tag.textContent = names.flatMap((name) => kept[name]!).join('');
    document.head.appendChild(tag);
  }
  const cache = createCache({ key: KEY });

  const made: KeptStyles = {};
  let unsaved = false;
  const insert = cache.insert;
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    // Global styles (CssBaseline) are not cached by name: emotion makes them again on every start.
    if (!shouldCache) return insert(selector, serialized, sheet, shouldCache);
    const rules: string[] = [];
    const sheetInsert = sheet.insert;
    sheet.insert = (rule: string) => {
      rules.push(rule);
      sheetInsert.call(sheet, rule);
    };
    try {
      return insert(selector, serialized, sheet, shouldCache);
    } finally {
      sheet.insert = sheetInsert;
      made[serialized.name] = rules;
      unsaved = true;
    }
  };

  const save = () => {
    if (!unsaved) return;
    unsaved = false;
    writeStorage(STORAGE_KEYS.styles, JSON.stringify(mergeKept(kept, made)));
  };
  addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') save();
  });
  return cache;
}
