/** The browser's localStorage, as far as the app uses it. */
export function fakeLocalStorage() {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, String(v)),
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
    key: (i: number) => [...items.keys()][i] ?? null,
  };
}
