/** Optional move sounds (off unless the player turns them on; remembered per device). */
import { pref, setPref } from './storage';

let ctx: AudioContext | null = null;

export function soundOn(): boolean {
  return pref('sound') === 'on';
}

export function setSound(on: boolean): void {
  setPref('sound', on ? 'on' : null);
}

/** A short soft click: lower for Black, higher for White. */
export function playMoveSound(color: 'black' | 'white'): void {
  if (!soundOn()) return;
  try {
    ctx ??= new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'triangle';
    osc.frequency.value = color === 'black' ? 330 : 440;
    gain.gain.setValueAtTime(0.12, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.12);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.13);
  } catch {
    /* no audio on this device */
  }
}
