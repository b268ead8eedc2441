/**
 * The app's stores by name, one per flow: what `createApp` makes and the screens and the flow's
 * keeping (`recovery.ts`) read. Its own module so that neither of those two needs the other's
 * (AA33): the app is made from the stores, the recovery only reads them.
 */
import type { CancelStore } from '../stores/cancel';
import type { ChangeStore } from '../stores/change';
import type { CloseStore } from '../stores/close';
import type { DayStore } from '../stores/day';
import type { GuestDisplayStore } from '../stores/guestDisplay';
import type { InstalledStore } from '../stores/installed';
import type { ItemsStore } from '../stores/items';
import type { JournalStore } from '../stores/journal';
import type { MoneyStore } from '../stores/money';
import type { NavStore } from '../stores/nav';
import type { OnSiteStore } from '../stores/onsite';
import type { PrinterStore } from '../stores/printer';
import type { ReservationStore } from '../stores/reservation';
import type { SearchStore } from '../stores/search';
import type { SetupStore } from '../stores/setup';
import type { ShopStore } from '../stores/shop';
import type { StaffStore } from '../stores/staff';
import type { StatusStore } from '../stores/status';
import type { WalkInStore } from '../stores/walkin';

export interface Stores {
  nav: NavStore;
  setup: SetupStore;
  status: StatusStore;
  day: DayStore;
  reservation: ReservationStore;
  onsite: OnSiteStore;
  search: SearchStore;
  walkIn: WalkInStore;
  cancel: CancelStore;
  change: ChangeStore;
  shop: ShopStore;
  money: MoneyStore;
  journal: JournalStore;
  close: CloseStore;
  installed: InstalledStore;
  printer: PrinterStore;
  guestDisplay: GuestDisplayStore;
  staff: StaffStore;
  items: ItemsStore;
}
