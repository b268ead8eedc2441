/** The day by staff member (issue 29: 担当者別), on the close and the store's close. */
import { useTranslation } from 'react-i18next';
import type { StaffFigures } from '../../../../main/ipc/contract';
import { useFormat } from '../../app/hooks';

export function StaffFiguresTable({ rows }: { rows: readonly StaffFigures[] }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (rows.length === 0) return null;
  return (
    <table className="tender-table staff-figures">
      <caption>{t('staff.close.byStaff')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('staff.close.staff')}</th>
          <th scope="col">{t('staff.close.sales')}</th>
          <th scope="col">{t('staff.close.count')}</th>
          <th scope="col">{t('staff.close.refunds')}</th>
          <th scope="col">{t('staff.close.corrections')}</th>
          <th scope="col">{t('staff.close.cash')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.staffId ?? 'nobody'}>
            <th scope="row">{r.name ?? t('staff.close.noStaff')}</th>
            <td>{fmt.money(r.sales)}</td>
            <td>{r.count}</td>
            <td>{fmt.money(r.refunds)}</td>
            <td>{fmt.money(r.corrections)}</td>
            <td>{fmt.money(r.cash)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
