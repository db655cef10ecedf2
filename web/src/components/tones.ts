let audio: AudioContext | null = null;

/** Plays a short sequence of tones; browsers may keep audio muted until the first tap. */
export function playTones(
  freqs: readonly number[],
  { step, length, volume }: { step: number; length: number; volume: number },
): void {
  // Before the first tap the browser would keep it muted anyway; creating the context can stall the page.
  if (!audio && !hasBeenActive()) return;
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
    const t = audio.currentTime;
    for (const [i, freq] of freqs.entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(volume, t + i * step);
      gain.gain.exponentialRampToValueAtTime(0.001, t + i * step + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(t + i * step);
      osc.stop(t + i * step + length + 0.01);
    }
  } catch (err) {
    console.warn('sound failed', err);
  }
}

/** Whether the browser still keeps sound muted until the page gets its first tap or key press. */
export function soundBlocked(): boolean {
  if (audio) return audio.state === 'suspended';
  return !hasBeenActive();
}

function hasBeenActive(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return activation ? activation.hasBeenActive : true;
}

/** Call from a tap or key press: browsers allow audio only after one. */
export async function unlockSound(): Promise<boolean> {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') await audio.resume();
    return audio.state === 'running';
  } catch {
    return false;
  }
}
