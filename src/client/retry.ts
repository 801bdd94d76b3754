/** The error page's "Try again" button: reloads the page (a plain link works without script too). */
export function startRetry(button: HTMLElement): void {
  button.addEventListener('click', (ev) => {
    ev.preventDefault();
    location.reload();
  });
}
