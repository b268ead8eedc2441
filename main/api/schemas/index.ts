/**
 * The Reservation Service wire contract: one strict zod schema per request and response.
 * The sandbox sends and accepts exactly these; the client parses with `tolerant(...)`.
 * Decisions on what the spec leaves "not shown" are listed in docs/decisions.md.
 */
export * from './primitives';
export * from './catalogue';
export * from './reservations';
export * from './customers';
export * from './errors';
export * from './tolerant';
export * from './issues';
