/** Paths of the public API (spec §4): everything is under /v1/public; `S` is a store's prefix. */
export const API_PREFIX = '/v1/public';
export const STORE_PATH = `${API_PREFIX}/stores/:storeId`;
