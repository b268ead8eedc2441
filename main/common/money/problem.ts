/** A problem at a field, the shape the router's INVALID_INPUT details have. Leaf module. */
export interface MoneyProblem {
  field: string;
  code: string;
  reason: string;
}

export const problem = (field: string, code: string, reason: string): MoneyProblem => ({
  field,
  code,
  reason,
});
