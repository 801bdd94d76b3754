/** The moderator page (/mod): wires the transport to the controller (./state.ts) and the controller to the view (./view.ts). */
import { api } from '../transport/api';
import { ModController } from './state';
import { mountModView, type ModView } from './view';

export function startMod(root: HTMLElement): void {
  let view: ModView | null = null;
  const params = new URLSearchParams(location.search);
  // The report queue's page (its links are /mod?page=…): a whole number from 1, else the first.
  const page = /^[1-9]\d{0,5}$/.test(params.get('page') ?? '') ? Number(params.get('page')) : 1;
  const controller = new ModController(params.get('player'), api, () => view?.render(), page);
  view = mountModView(root, controller);
  void controller.load();
}
