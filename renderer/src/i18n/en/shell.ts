/** The English of shell's words (ja/shell.ts, the source): fetched when staff choose English. */
import type { ja } from '../ja/shell';
import type { Widen } from '../widen';
import { words as common } from './common';

export const en: Widen<typeof ja> = {
  app: { name: 'Front Desk' },
  nav: {
    label: 'Main actions',
    today: common.today,
    walkIn: common.walkIn,
    setup: common.setup,
    journal: 'Journal',
    close: 'Close day',
    items: 'Items',
  },
  language: {
    ja: '日本語',
    en: common.english,
    switchTo: 'Switch language: {{language}}',
  },
  training: {
    banner: 'Training mode — a practice store. Nothing here is a real booking or sale.',
    pretendTime:
      'Training pretends it is {{time}} (not the real time: a morning with slots to book).',
  },
  errors: {
    unknown:
      'Something unexpected went wrong ({{code}}). Try again; if it keeps happening, call your administrator.',
    codeLabel: 'Code: {{code}}',
    unknownWord: 'Something unexpected went wrong.',
    STAFF_SIGN_IN_NEEDED: 'Sign in first: choose who you are and enter your PIN.',
    APPROVAL_NEEDED: 'This needs approval by a manager or an owner.',
    APPROVAL_NOT_NEEDED: 'This needs no approval. Try again.',
    APPROVER_NOT_ALLOWED: 'This person cannot approve this. Choose a manager or an owner.',
    PIN_WRONG: 'Wrong PIN.',
    PIN_LOCKED_OUT: 'Too many wrong PINs: PIN entry is paused for a while.',
    STAFF_NOT_FOUND: 'This person is not set up. Choose again from the list.',
    STAFF_NOT_SET_UP: 'Set the owner up first (the API key is needed).',
    STAFF_LAST_OWNER: 'The store keeps at least one owner. Set up another owner first.',
    API_KEY_MISMATCH: 'This is not the API key this counter is set up with.',
    TRAINING_STAFF: 'Training uses its own practice staff.',
    INSTALLED_UNAVAILABLE: 'This is only available in the desktop app.',
    NOT_READY: 'This is not available yet. Update the app.',
    SLOT_NOT_AVAILABLE:
      'This slot cannot be booked (full, past its deadline, or closed). Choose another slot.',
    TIME_SLOT_NOT_FOUND: 'There is no slot at this time. Choose a slot from the list again.',
    PAYMENT_METHOD_NOT_AVAILABLE:
      'This store does not accept this payment method. Take the payment at the counter.',
    VALIDATION_ERROR: 'Some input is wrong. Fix the marked fields.',
    PARTICIPANT_VALIDATION_FAILED:
      'Some answers of the participants are wrong. Fix the marked fields.',
    CHECK_FAILED: 'Some input is wrong. Fix the marked fields.',
    INVALID_INPUT: 'This input was not accepted. Check the values.',
    DAY_ALREADY_CLOSED:
      'This day is already closed at this counter. To change it, record a correction of the entry.',
    CLOSE_FUTURE_DAY: 'A day can only be closed once it has begun. Choose today or an earlier day.',
    COUNTER_NAME_INVALID: 'This counter name cannot be used. Correct the marked field.',
    PEER_ADDRESS_INVALID: 'A counter address is not valid. Correct the marked entry.',
    TOO_MANY_PEERS: 'Too many counter addresses. Remove the ones not needed.',
    JOIN_CODE_INVALID: 'This is not a join code. Check it and type it again, or scan it.',
    JOIN_CODE_WRONG: 'No counter shows this code. Show a new code at the other counter.',
    JOIN_CODE_EXPIRED:
      'This code has expired (codes are valid for 10 minutes). Show a new one at the other counter.',
    JOIN_CODE_USED: 'This code has been used already. Show a new one at the other counter.',
    JOIN_UNREACHABLE:
      'The counter showing the code cannot be reached. Check that both are on the same network and the code is still shown.',
    JOIN_OTHER_SHOP:
      'This counter is set up for another store or key. Set it up with this store’s API key and store, then join.',
    OFFICE_CODE_INVALID:
      'That is not an enrolment code. Check the code starting FD1- and enter it again.',
    OFFICE_URL_INVALID:
      'That office address cannot be used. Enter an https address or a host name.',
    OFFICE_NOT_YOURS:
      'This is not your office: its certificate does not match the code. Check the address and the code. Nothing was sent.',
    OFFICE_UNREACHABLE: 'The office cannot be reached. Check the address and the connection.',
    OFFICE_REFUSED: 'The office refused the enrolment. Ask the office’s administrator.',
    OFFICE_CODE_EXPIRED: 'This enrolment code has expired. Make a new one at the office.',
    OFFICE_CODE_USED: 'This enrolment code was used already. Make a new one at the office.',
    OFFICE_ENROLLED: 'This counter is enrolled with an office already.',
    OFFICE_TRAINING: 'Training cannot enrol with an office.',
    OFFICE_REVOKED:
      'The office no longer accepts this counter. Make a new enrolment code at the office and enrol again.',
    OFFICE_NOT_ENROLLED: 'This counter is not enrolled with an office.',
    LIST_MANAGED_BY_OFFICE: 'The head office manages this list. Ask the head office to change it.',
    OFFICE_RESTORING:
      'This counter’s records are coming back from the office. Nothing can be sold or recorded until that is done (the status bar shows how far).',
    JOIN_SET_UP_FIRST: 'Set this counter up with the store’s API key first, then enter the code.',
    JOIN_NOT_SHARING: 'A join code can be shown only while this counter shares with the shop.',
    JOIN_NO_ADDRESS:
      'This PC has no network address to put in a code. Check its network connection.',
    OFFLINE: 'Not possible while offline. Try again when the link is back.',
    NETWORK_OFFLINE: 'No network. Check the connection.',
    NETWORK_TIMEOUT: 'The reservation service did not answer in time. Wait a moment and try again.',
    NETWORK_REFUSED:
      'Cannot connect to the reservation service. Check the address and the network.',
    NETWORK_RESET: 'The connection broke. Try again.',
    NETWORK_ABORTED: 'The request was interrupted. Try again.',
    UNAUTHORIZED: 'The API key is not valid. Check it in Set-up.',
    API_KEY_MALFORMED:
      'This does not look like an API key. Copy the whole key again from the service’s admin screen: it has only letters, digits and symbols, no spaces.',
    API_KEY_REVOKED:
      'The API key has been revoked. Issue a new key in the admin screen and set it up again.',
    API_KEY_EXPIRED:
      'The API key has expired. Issue a new key in the admin screen and set it up again.',
    INSUFFICIENT_SCOPE: 'The key is not allowed to do this. Issue a key with the needed scope.',
    CONTRACT_ENDED: 'The contract with the reservation service has ended. Call your administrator.',
    PLAN_NOT_SUPPORTED: 'The current plan does not allow this. Call your administrator.',
    NOT_FOUND: 'Not found. Refresh the data and try again.',
    STORE_NOT_FOUND: 'The store was not found. Choose the store again in Set-up.',
    PRODUCT_NOT_FOUND: 'The product was not found. Refresh the data.',
    RESERVATION_NOT_FOUND: 'The booking was not found. It may have been deleted.',
    CUSTOMER_NOT_FOUND: 'The customer was not found.',
    RESERVATION_NOT_CANCELLABLE: common.notCancellable,
    RESERVATION_NOT_DELETABLE: 'This booking cannot be deleted (only test bookings can).',
    RESERVATION_ALREADY_CANCELLED: 'This booking is already cancelled.',
    NOT_CANCELLABLE: 'This booking can no longer be cancelled.',
    CHANGE_NOT_POSSIBLE:
      'This cannot be a change (the same time and party, or extra seats that are not more people in the same slot).',
    PREVIEW_CHANGED:
      'The fee or the refund changed. It is shown again: check it and change again. Nothing was sent.',
    PRICE_REQUIRED: 'The new price is not shown. Check the price before changing.',
    CHANGE_NOT_FOUND: 'This change is not at this counter.',
    CHANGE_BUSY: 'This change is being made. Wait a moment.',
    CHANGE_REFUSED: 'This change cannot take that action in its state.',
    COLLECTING_ELSEWHERE:
      'Another counter is taking this booking’s payment. Check with it so that it is not taken twice.',
    DUE_CHANGED:
      'What this booking owes changed. It is shown again: check the amount and take it again.',
    NOTHING_OWED: 'Nothing is left to pay for this booking.',
    NOT_PAID_ON_SITE:
      'This booking is not paid at the counter (it is paid already): nothing to take.',
    RESERVATION_PENDING: 'This booking waits for approval: take the payment once it is approved.',
    IDEMPOTENCY_KEY_REUSED:
      'This walk-in was already sent with different details. Check it in the queued walk-ins.',
    REQUEST_IN_PROGRESS: 'The same walk-in is being processed. Wait a moment.',
    RATE_LIMITED: 'Too many requests to the reservation service. It resumes by itself shortly.',
    SERVICE_UNAVAILABLE: 'The reservation service is busy. Wait a moment and try again.',
    INTERNAL_ERROR: 'The reservation service had an error. Wait a moment and try again.',
    PAYLOAD_TOO_LARGE: 'Too much to send. Shorten the input.',
    UNSUPPORTED_MEDIA_TYPE:
      'The app and the reservation service do not understand each other. Call your administrator.',
    BAD_ANSWER: 'The reservation service’s answer could not be read. Wait a moment and try again.',
    API_ERROR: 'Talking to the reservation service failed. Try again.',
    INTERNAL: 'The app had an internal error. Try again; if it keeps happening, restart the app.',
    NOT_SET_UP: 'No store is connected yet. Register an API key in Set-up.',
    NO_SERVICE_URL: 'The reservation service’s address is not set. Enter it in Set-up.',
    NO_STORE: common.noStore,
    STORE_NOT_AVAILABLE: 'This key cannot use that store. Choose another store.',
    RESERVATION_NOT_CACHED:
      'This booking is not in the data of this day. Check the date or refresh the data.',
    PRINT_UNAVAILABLE: 'Printing is not available here.',
    UNKNOWN_CHANNEL: 'Internal app error. Update the app.',
    BRIDGE_FAILED: 'The app lost its internal connection. Restart the app.',
    NO_BRIDGE: 'Open the address the Front Desk host printed (with its #token).',
    HOST_UNREACHABLE: 'The Front Desk host cannot be reached. Check that it is running.',
    HOST_UNAUTHORIZED:
      'This page is not authorized by the Front Desk host. Open the address the host printed again.',
    HOST_BAD_ANSWER: 'The answer of the Front Desk host could not be read. Reload the page.',
    INSECURE_SERVICE_URL:
      'The service address must start with https:// (unless it is on this computer). Check the address.',
    SECURE_STORAGE_UNAVAILABLE:
      'This computer has no secure storage (such as a keychain) for the API key, so the key cannot be saved. Contact your administrator.',
    FEATURE_UNAVAILABLE:
      'The API key does not allow this. See why in Set-up, under what the key allows.',
    CHECKIN_CHANGED_ELSEWHERE:
      'This check-in was changed at another counter meanwhile: nothing was recorded. Check the state shown and try again.',
    RESERVATION_NOT_ACTIVE:
      'This booking is not active (cancelled or similar): it cannot be checked in.',
    SLOT_NOT_FOUND: 'There is no such slot on this day. Refresh the schedule.',
    OUTBOX_ENTRY_NOT_FOUND: 'This walk-in is not in the queue. Refresh the list.',
    OUTBOX_REFUSED:
      'This walk-in cannot be retried or discarded as it is now (being sent, or already booked).',
    CUSTOMER_SEARCH_UNAVAILABLE:
      'This reservation service offers no customer search the app can use. Enter the customer’s details by hand.',
    PRICE_OFFLINE: 'Offline: no price can be shown.',
  },
};
