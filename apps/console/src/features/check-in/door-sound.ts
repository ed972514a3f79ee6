/**
 * The door's sounds, made with the Web Audio API (no audio files): two rising beeps for a ticket
 * admitted, a low double buzz for one refused. Browsers start audio only after a user's gesture;
 * a scanner's keystrokes and a tap both count, and the context is made on the first sound.
 */
let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return null;
  context ??= new window.AudioContext();
  if (context.state === 'suspended') void context.resume();
  return context;
}

function tone(
  ctx: AudioContext,
  at: number,
  frequency: number,
  seconds: number,
  wave: OscillatorType,
) {
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = wave;
  oscillator.frequency.value = frequency;
  // A short fade in and out: no click at either end.
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.3, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(at);
  oscillator.stop(at + seconds + 0.02);
}

export function playDoorSound(result: 'admitted' | 'refused'): void {
  try {
    const ctx = audio();
    if (!ctx) return;
    const now = ctx.currentTime;
    if (result === 'admitted') {
      tone(ctx, now, 880, 0.12, 'sine');
      tone(ctx, now + 0.14, 1320, 0.18, 'sine');
    } else {
      tone(ctx, now, 220, 0.22, 'square');
      tone(ctx, now + 0.28, 220, 0.32, 'square');
    }
  } catch {
    // No sound is no reason to stop the door: the screen says it too.
  }
}
