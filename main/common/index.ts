/**
 * Schemas that are the same at two boundaries — the Reservation Service's wire
 * (main/api/schemas) or the counter's own data (main/local), and the IPC contract
 * (main/ipc/contract) — defined once here.
 * A leaf module: it imports nothing but zod, so the renderer can carry it.
 */
export * from './primitives';
export * from './fields';
export * from './cancel';
export * from './store-defaults';
export * from './local-records';
export * from './money';
export * from './staff';
