/** Walk-in step 1: the product, from today's products at this store. */
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';
import { currentDay } from '../../stores/day';
import { StepError } from './StepError';

export function ProductStep() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const products = useSlice(stores.day, (s) => currentDay(s)?.products) ?? [];
  const { chooseProduct } = stores.walkIn.getState();
  return (
    <div>
      <h3>{t('walkIn.chooseProduct')}</h3>
      <StepError />
      {products.length === 0 && <p>{t('walkIn.noProducts')}</p>}
      <ul className="product-choices">
        {products.map((p, i) => (
          <li key={p.id}>
            <button
              type="button"
              className="choice-button"
              autoFocus={i === 0}
              onClick={() => void chooseProduct(p.id)}
            >
              <span className="strong">{p.name}</span>
              {p.approvalType === 'manual' && (
                <span className="badge warn">{t('walkIn.manualBadge')}</span>
              )}
              {!p.isPublished && <span className="badge plain">{t('day.unpublished')}</span>}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
