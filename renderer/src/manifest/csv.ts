/**
 * A slot's manifest as CSV, for spreadsheets: UTF-8 with a byte-order mark (so Excel reads
 * Japanese), CRLF line ends, every field quoted when it must be (RFC 4180), one column per custom
 * field, and formula-like text defused (a name starting with "=" stays text).
 */
import type { ReservationView } from '../../../main/ipc/contract';

export interface CsvLabels {
  number: string;
  name: string;
  adults: string;
  children: string;
  status: string;
  payment: string;
  phone: string;
  email: string;
  checkIn: string;
  checkedAdults: string;
  checkedChildren: string;
  /** Words for values (statuses, payment methods, check-in states) in the UI's language. */
  statusText(status: string): string;
  paymentText(method: string): string;
  checkInText(state: 'arrived' | 'partial' | 'no_show' | null): string;
}

function cell(value: string | number): string {
  let s = String(value);
  // Spreadsheet formula injection: text starting with these is shown, not evaluated.
  if (/^[=+\-@\t\r]/.test(s) && typeof value === 'string') s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function manifestCsv(reservations: readonly ReservationView[], labels: CsvLabels): string {
  // Custom-field columns in the order they first appear.
  const fields: { id: string; label: string }[] = [];
  for (const r of reservations)
    for (const a of r.answers)
      if (!fields.some((f) => f.id === a.fieldId)) fields.push({ id: a.fieldId, label: a.label });

  const header = [
    labels.number,
    labels.name,
    labels.adults,
    labels.children,
    labels.status,
    labels.payment,
    labels.phone,
    labels.email,
    labels.checkIn,
    labels.checkedAdults,
    labels.checkedChildren,
    ...fields.map((f) => f.label),
  ];
  const rows = reservations.map((r) => {
    const answers = fields.map((f) => {
      const values = r.answers.filter((a) => a.fieldId === f.id);
      // One participant: the value; several: "1: …; 2: …".
      return values.length === 1 && values[0]!.participantNumber === 1
        ? values[0]!.value
        : values.map((a) => `${a.participantNumber}: ${a.value}`).join('; ');
    });
    return [
      r.number ?? '',
      r.customerName,
      r.adults,
      r.children,
      labels.statusText(r.status),
      labels.paymentText(r.paymentMethod),
      r.phone ?? '',
      r.email ?? '',
      labels.checkInText(r.checkIn?.state ?? null),
      r.checkIn ? r.checkIn.adults : '',
      r.checkIn ? r.checkIn.children : '',
      ...answers,
    ];
  });
  return '\uFEFF' + [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

export function manifestFileName(date: string, startTime: string, productName: string): string {
  const safe = productName.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 40);
  return `manifest-${date}-${startTime.replace(':', '')}-${safe}.csv`;
}
