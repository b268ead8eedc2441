/**
 * The IPC contract between the renderer and the main process: every channel's request and
 * response, and every event, as zod schemas. Types are inferred from here and used by main,
 * preload and renderer alike. Nothing here may import Node, Electron or main/api: the renderer
 * carries it, so it depends on zod and the leaf main/common only.
 */
export * from './setup';
export * from './status';
export * from './shop';
export * from './payment';
export * from './views';
export * from './day-patch';
export * from './onsite';
export * from './walkin';
export * from './money';
export * from './items';
export * from './installed';
export * from './manifest';
export * from './hardware';
export * from './change';
export * from './staff';
export * from './office';
export * from './office-lists';
export * from './channels';
export * from './events';
export * from './result';
export * from './failure';
export * from './words';
