/** What every call returns: a value, or an error the renderer turns into a message. */
import { z } from 'zod';

/** What a failed call returns to the renderer: a code to turn into a message, never a stack. */
export const IpcError = z.object({
  code: z.string(),
  message: z.string(),
  details: z.array(z.unknown()),
});
export type IpcError = z.infer<typeof IpcError>;

export const IpcResult = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: IpcError }),
]);
export type IpcResult = z.infer<typeof IpcResult>;
