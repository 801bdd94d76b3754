/** Announcements: a polite live region for screen readers, and a message that shows for a while. */
import { show, text } from './dom';

/** Says `message` in the live region `el` (moves, passes, the result). */
export function announcer(el: HTMLElement): (message: string) => void {
  return (message) => text(el, message);
}

/** Shows a message in `el` for `ms` (an empty message hides it); `info` styles it as news, not an error. */
export function flasher(el: HTMLElement, ms = 5000): (message: string, info?: boolean) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (message, info = false) => {
    clearTimeout(timer);
    text(el, message);
    el.classList.toggle('pl-info', info);
    show(el, !!message);
    if (message) timer = setTimeout(() => show(el, false), ms);
  };
}
