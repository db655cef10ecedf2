let audio: AudioContext | null = null;

/** Plays a short sequence of tones; browsers may keep audio muted until the first tap. */
export function playTones(
  freqs: readonly number[],
  { step, length, volume }: { step: number; length: number; volume: number },
): void {
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
