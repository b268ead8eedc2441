/**
 * What the guest's display shows (issue 31): the sale being paid (product, headcount, total, cash
 * received, change), then the thanks with the receipt's code, in the guest's language staff chose.
 * One screen at a time, replaced whole: nothing of an earlier guest stays on it (decision M12).
 */
import type { DisplayScreen, DisplayView, UiLocale } from '../../ipc/contract';
import { qrModules } from '../receipt/model';
import type { DisplayPort } from '../ports';
import type { Emit } from '../session-holder';

export class GuestDisplay implements DisplayPort {
  private view: DisplayView = { locale: 'ja', screen: { kind: 'idle' }, code: null };
  /** Shows are answered in order: a slow code never lands on a later guest's screen. */
  private shown = 0;

  constructor(private readonly emit: Emit) {}

  get(): DisplayView {
    return this.view;
  }

  async show(screen: DisplayScreen, locale: UiLocale | null): Promise<DisplayView> {
    const mine = ++this.shown;
    const code = screen.kind === 'thanks' && screen.number ? await qrModules(screen.number) : null;
    if (mine !== this.shown) return this.view;
    this.view = { locale: locale ?? this.view.locale, screen, code };
    this.emit('display.changed', this.view);
    return this.view;
  }
}
