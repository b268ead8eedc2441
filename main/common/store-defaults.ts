/**
 * What the counter assumes when the service leaves out a store's time zone or currency
 * (decision 9): the shops it is made for are in Japan. Said once for the desk and the renderer.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Tokyo';
export const DEFAULT_CURRENCY = 'JPY';
