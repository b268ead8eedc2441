/**
 * Preload: the renderer's only door to the main process. It exposes a small typed surface
 * through contextBridge and never the IPC event object. (Channels arrive with the IPC issue.)
 */
import { contextBridge } from 'electron';

contextBridge.exposeInMainWorld('frontDesk', { version: 1 });
