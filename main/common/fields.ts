/**
 * Leaf module: imports nothing but zod. A product's custom fields (spec §2.4) and the values
 * given for them: the walk-in form shows the definitions the service sends, and the answers go
 * back to the service as they are.
 */
import { z } from 'zod';
import { Id } from './primitives';

export const FieldType = z.enum(['number', 'select', 'multi_select', 'text']);
export const InputScope = z.enum(['booker_only', 'all_participants']);

export const FieldOption = z.strictObject({ value: z.string(), label: z.string() });

/** Number range (`min`, `max`) or text length (`minLength`, `maxLength`). */
export const FieldValidation = z.strictObject({
  min: z.number().optional(),
  max: z.number().optional(),
  minLength: z.number().int().optional(),
  maxLength: z.number().int().optional(),
});

/** Custom field (spec §2.4). */
export const CustomField = z.strictObject({
  fieldId: Id,
  label: z.string(),
  fieldType: FieldType,
  isRequired: z.boolean(),
  inputScope: InputScope,
  options: z.array(FieldOption).nullable(),
  validation: FieldValidation.nullable(),
});
export type CustomField = z.infer<typeof CustomField>;

/** Values as sent: a number as a number, select values as option values, multi-select as arrays. */
export const FieldValueInput = z.union([z.string(), z.number(), z.array(z.string())]);
