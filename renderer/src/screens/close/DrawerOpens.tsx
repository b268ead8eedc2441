/**
 * The cash drawer's opens of the day on the close (issue 31, M19): how many for cash sales, cash
 * taken for bookings paid on site, cash refunds and by hand (and of these how many did not open), then each open by hand with its time,
 * reason and who — what a manager looks at beside the cash count.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrawerOpens as Opens } from '../../../../main/ipc/contract';
import { useFormat } from '../../app/hooks';

export function DrawerOpens({ opens }: { opens: Opens }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const id = useId();
  return (
    <section className="card drawer-opens" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('drawer.opens.title')}</h3>
      <dl className="facts">
        <dt>{t('drawer.opens.sale')}</dt>
        <dd>{opens.sale}</dd>
        <dt>{t('drawer.opens.collection')}</dt>
        <dd>{opens.collection}</dd>
        <dt>{t('drawer.opens.refund')}</dt>
        <dd>{opens.refund}</dd>
        <dt>{t('drawer.opens.cash')}</dt>
        <dd>{opens.cash}</dd>
        <dt>{t('drawer.opens.manual')}</dt>
        <dd className={opens.manual > 0 ? 'strong' : undefined}>{opens.manual}</dd>
        <dt>{t('drawer.opens.notOpened')}</dt>
        <dd className={opens.notOpened > 0 ? 'strong warn-text' : undefined}>{opens.notOpened}</dd>
      </dl>
      {opens.byHand.length > 0 && (
        <table>
          <caption>{t('drawer.opens.byHand')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('drawer.opens.at')}</th>
              <th scope="col">{t('drawer.opens.reason')}</th>
              <th scope="col">{t('drawer.opens.staff')}</th>
              <th scope="col">{t('drawer.opens.result')}</th>
            </tr>
          </thead>
          <tbody>
            {opens.byHand.map((o, i) => (
              <tr key={`${o.at}-${i}`}>
                <td>{fmt.instant(o.at)}</td>
                <td>{o.reason ?? t('common.none')}</td>
                <td>{o.staffId ?? t('common.none')}</td>
                <td className={o.opened ? undefined : 'warn-text'}>
                  {o.opened ? t('drawer.opens.opened') : t('drawer.opens.failed')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
