/**
 * Schemas that are the same at both boundaries — the Reservation Service's wire
 * (main/api/schemas) and the IPC contract (main/ipc/contract) — defined once here.
 * A leaf module: it imports nothing but zod, so the renderer can carry it.
 */
export * from './primitives';
export * from './fields';
export * from './cancel';
export * from './store-defaults';
