/** A moderator's warnings on any page: wires the transport to the controller (./state.ts) and the controller to the view (./view.ts). */
import { getToken } from '../common/storage';
import { api } from '../transport/api';
import { NoticesController } from './state';
import { mountNoticesView, type NoticesView } from './view';

export function startNotices(main: HTMLElement): void {
  let view: NoticesView | null = null;
  const controller = new NoticesController(api, () => view?.render());
  view = mountNoticesView(main, controller);
  void controller.load(!!getToken());
}
