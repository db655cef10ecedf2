/**
 * How much of the log the answers this page read reflect, at least (the server's READ_POSITION_HEADER, in
 * contracts), for the live socket's first hello: a page whose answers all reach the hello's position missed
 * nothing before its subscription, so it need not fetch everything again while it is still starting.
 */
export function createReadPositions() {
  let lowest: number | null = null;
  let floor: { position: number; behind: () => void } | null = null;
  return {
    /** A GET's answer: its header's value, or null (an answer without one counts as reflecting nothing). */
    note(header: string | null): void {
      const position = header !== null && /^\d{1,15}$/.test(header) ? Number(header) : -1;
      lowest = lowest === null ? position : Math.min(lowest, position);
      if (floor && position < floor.position) {
        const { behind } = floor;
        floor = null;
        behind();
      }
    },
    /**
     * At the first hello: whether every answer read so far reaches `position`. If so, answers still on
     * their way are checked as they arrive, and `behind` runs once for the first that falls short.
     */
    cover(position: number, behind: () => void): boolean {
      if (lowest !== null && lowest < position) return false;
      floor = { position, behind };
      return true;
    },
  };
}

export const readPositions = createReadPositions();
