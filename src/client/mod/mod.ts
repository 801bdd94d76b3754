/** The moderator page (/mod): wires the transport to the controller (./state.ts) and the controller to the view (./view.ts). */
import { api } from '../transport/api';
import { ModController } from './state';
import { mountModView, type ModView } from './view';

export function startMod(root: HTMLElement): void {
  let view: ModView | null = null;
  const controller = new ModController(new URLSearchParams(location.search).get('player'), api, () => view?.render());
  view = mountModView(root, controller);
  void controller.load();
}
