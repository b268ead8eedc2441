/**
 * One custom-field input of one participant, by the field's type: number, select, multi-select,
 * text (and any type the service adds later, as text). Required fields say so in words; a problem
 * shows under the field and is tied to it for assistive technology.
 */
import { useTranslation } from 'react-i18next';
import type { FieldProblem } from '../../../../main/ipc/contract';
import type { CustomField, FieldValue } from '../../stores/walkinDraft';
import { problemText } from './problems';

interface FieldInputProps {
  field: CustomField;
  participantNumber: number;
  value: FieldValue | undefined;
  problem: FieldProblem | undefined;
  onChange(value: FieldValue): void;
}

export function FieldInput({
  field,
  participantNumber,
  value,
  problem,
  onChange,
}: FieldInputProps) {
  const { t } = useTranslation();
  const id = `field-${participantNumber}-${field.fieldId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const errorId = `${id}-error`;
  const required = field.isRequired ? (
    <span className="required">{t('walkIn.required')}</span>
  ) : null;
  const error = problem ? (
    <p id={errorId} className="field-error">
      {problemText(t, problem, field)}
    </p>
  ) : null;
  const common = {
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? errorId : undefined,
  } as const;
  const v = field.validation;

  if (field.fieldType === 'multi_select') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset
        className={`field${problem ? ' invalid' : ''}`}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
      >
        <legend>
          {field.label} {required}
        </legend>
        {(field.options ?? []).map((o) => (
          <label key={o.value} className="choice">
            <input
              type="checkbox"
              name={id}
              value={o.value}
              checked={chosen.includes(o.value)}
              onChange={(e) =>
                onChange(
                  e.target.checked ? [...chosen, o.value] : chosen.filter((x) => x !== o.value),
                )
              }
            />
            <span>{o.label}</span>
          </label>
        ))}
        {error}
      </fieldset>
    );
  }

  return (
    <div className={`field${problem ? ' invalid' : ''}`}>
      <label htmlFor={id}>
        {field.label} {required}
      </label>
      {field.fieldType === 'select' ? (
        <select
          id={id}
          {...common}
          required={field.isRequired}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{t('walkIn.choose')}</option>
          {(field.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : field.fieldType === 'number' ? (
        <input
          id={id}
          {...common}
          type="number"
          inputMode="numeric"
          required={field.isRequired}
          min={v?.min}
          max={v?.max}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          id={id}
          {...common}
          type="text"
          required={field.isRequired}
          maxLength={v?.maxLength}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {error}
    </div>
  );
}
