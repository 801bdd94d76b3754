/**
 * Sounds, remembered per device: the move sounds (off unless the player turns them on) and the
 * match-found chime (on unless the player turns it off: a player waiting in the queue is often
 * looking elsewhere).
 */
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

export function matchSoundOn(): boolean {
  return pref('matchSound') !== 'off';
}

export function setMatchSound(on: boolean): void {
  setPref('matchSound', on ? null : 'off');
}

/** Two rising notes: a game was found (or a challenge came). */
export function playMatchSound(): void {
  if (!matchSoundOn()) return;
  try {
    ctx ??= new AudioContext();
    const at = ctx.currentTime;
    [523, 784].forEach((frequency, i) => {
      const osc = ctx!.createOscillator();
      const gain = ctx!.createGain();
      osc.type = 'sine';
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at + i * 0.16);
      gain.gain.exponentialRampToValueAtTime(0.18, at + i * 0.16 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.001, at + i * 0.16 + 0.3);
      osc.connect(gain).connect(ctx!.destination);
      osc.start(at + i * 0.16);
      osc.stop(at + i * 0.16 + 0.32);
    });
  } catch {
    /* no audio on this device */
  }
}
