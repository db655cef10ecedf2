/**
 * The language to mark a piece of text with when it is not the page's English: Thai script is read by a
 * screen reader's Thai voice only where the element says lang="th".
 */
export function languageOf(text: string): 'th' | undefined {
  return /[\u0E00-\u0E7F]/.test(text) ? 'th' : undefined;
}
