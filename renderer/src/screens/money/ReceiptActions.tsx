/**
 * What can be done with the receipt of a sale (or the slip of a refund): print it, save it as PDF,
 * see it, in the language it was first printed in (or the store's) unless staff choose Japanese or
 * English, as a 領収書 with the payer's name and what it is for. The desktop
 * app prints silently on the printer of set-up; the browser host has no printer of its own
 * (PRINT_UNAVAILABLE), so the page is printed by the browser from inside the app. The PDF is the
 * desk's own in both hosts (drawn without a browser), downloaded as a file.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UiLocale, type ReceiptLayout, type ReceiptOptions } from '../../../../main/ipc/contract';
import { asCallError, type CallError } from '../../api/api';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { DocumentView } from '../../components/DocumentView';
import { ErrorNote } from '../../components/ErrorNote';
import { pdfBlob, printDocument } from '../../money/printDocument';
import { printerStateOf } from '../../stores/printer';

/** "No printer here": the browser prints the page instead. */
const NO_PRINTER = 'PRINT_UNAVAILABLE';

type Done = 'printed' | 'browserPrint' | 'saved' | 'queued' | null;

export function ReceiptActions({
  entryId,
  slip = false,
  autoPrint = false,
  locale: guestLocale = null,
}: {
  entryId: string;
  /** A refund slip rather than a receipt (no 領収書 mode). */
  slip?: boolean;
  /** Print once at once (set-up's "print automatically"). */
  autoPrint?: boolean;
  /** The language the guest asked for at the tender (null: not asked). */
  locale?: UiLocale | null;
}) {
  const { t } = useTranslation();
  const { api, platform, stores } = useApp();
  const fmt = useFormat();
  // Set-up's layout; null: not known yet, and the desk prints by its own settings' (AA5).
  const setUpLayout = useSlice(stores.money, (s) => s.settings?.receiptLayout ?? null);
  // Never the staff's screen language (decision AB82): the guest's choice at the tender, else
  // null, which the desk takes as the receipt's first language, else the store's setting.
  const [locale, setLocale] = useState<UiLocale | null>(guestLocale);
  const [chosen, setLayout] = useState<ReceiptLayout | null>(null);
  const layout = chosen ?? setUpLayout;
  const [ryoshusho, setRyoshusho] = useState(false);
  const [addressee, setAddressee] = useState('');
  const [forWhat, setForWhat] = useState('');
  const [busy, setBusy] = useState<'print' | 'pdf' | 'preview' | null>(null);
  const [done, setDone] = useState<Done>(null);
  const [error, setError] = useState<CallError | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  // A printer's state in words (E9: `paper_out` is a code); another printer's own message as is.
  const reasonWords = (r: string) => {
    if (!r) return t('common.none');
    const state = printerStateOf(r);
    return state === r ? t(`printer.states.${state}`) : r;
  };
  const [preview, setPreview] = useState<string | null>(null);
  /** The revenue stamp the 領収書 needs (Q13), as the desk's model says: 0 none. */
  const [stampDuty, setStampDuty] = useState(0);
  const id = useId();
  const printedOnce = useRef(false);

  /** `print`: the copy handed over (counted: the next says 再発行); `preview`: on screen only. */
  const options = (purpose: ReceiptOptions['purpose'], auto = false): ReceiptOptions => ({
    entryId,
    layout,
    locale,
    purpose,
    ryoshusho: ryoshusho && !slip ? { addressee, purpose: forWhat } : null,
    auto,
  });

  /** `auto`: the print after the sale, which joins the one the desk started (decision M21). */
  async function run(kind: 'print' | 'pdf' | 'preview', auto = false) {
    setBusy(kind);
    setError(null);
    setReason(null);
    setDone(null);
    try {
      if (kind === 'preview') {
        const doc = await api.call('receipt.get', options('preview'));
        setPreview(doc.html);
        setStampDuty(doc.stampDuty);
      } else if (kind === 'print') {
        const answer = await api.call('receipt.print', options('print', auto));
        if (answer.ok) setDone('printed');
        // The receipt printer cannot print now: kept, printed once it is ready (issue 31).
        else if (answer.queued) setDone('queued');
        else setReason(answer.reason ?? '');
      } else {
        const pdf = await api.call('receipt.pdf', options('print'));
        platform.download(pdf.fileName, pdfBlob(pdf.pdfBase64));
        setDone('saved');
      }
    } catch (failure) {
      const e = asCallError(failure);
      if (kind === 'print' && e.code === NO_PRINTER) await browserPrint();
      else setError(e);
    } finally {
      setBusy(null);
    }
  }

  /** The browser prints the page itself. */
  async function browserPrint() {
    try {
      const doc = await api.call('receipt.get', options('print'));
      printDocument(doc.html, platform.print);
      setDone('browserPrint');
    } catch (failure) {
      setError(asCallError(failure));
    }
  }

  // Whether the receipt needs a stamp is said before it is printed (Q13): a 領収書's, and a
  // レシート's too (a receipt of money as well, Q13 amended).
  const asRyoshusho = ryoshusho && !slip;
  useEffect(() => {
    if (slip) return;
    let live = true;
    api
      .call('receipt.get', {
        entryId,
        locale: 'ja',
        purpose: 'preview',
        ryoshusho: asRyoshusho ? { addressee: '', purpose: '' } : null,
      })
      .then((doc) => live && setStampDuty(doc.stampDuty))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, entryId, asRyoshusho, slip]);

  useEffect(() => {
    if (!autoPrint || printedOnce.current) return;
    printedOnce.current = true;
    void run('print', true);
    // Once for this sale, with the options it starts with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoPrint, entryId]);

  const what = slip ? t('money.receipt.slip') : t('money.receipt.receipt');
  return (
    <section className="card receipt-actions" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{what}</h3>
      <div className="inline-fields">
        <label className="inline-field">
          <span>{t('money.receipt.language')}</span>
          <select
            value={locale ?? ''}
            onChange={(e) => setLocale(UiLocale.safeParse(e.target.value).data ?? null)}
          >
            <option value="">{t('money.receipt.languageAsIssued')}</option>
            <option value="ja">{t('language.ja')}</option>
            <option value="en">{t('language.en')}</option>
          </select>
        </label>
        <label className="inline-field">
          <span>{t('money.receipt.layout')}</span>
          <select
            value={layout ?? ''}
            onChange={(e) => setLayout(e.target.value ? (e.target.value as ReceiptLayout) : null)}
          >
            {layout === null && <option value="">{t('money.receipt.layoutOfSetup')}</option>}
            <option value="58mm">{t('money.layouts.58mm')}</option>
            <option value="80mm">{t('money.layouts.80mm')}</option>
            <option value="a4">{t('money.layouts.a4')}</option>
          </select>
        </label>
      </div>
      {!slip && (
        <fieldset>
          <legend>{t('money.receipt.ryoshushoTitle')}</legend>
          <label className="choice">
            <input
              type="checkbox"
              checked={ryoshusho}
              onChange={(e) => setRyoshusho(e.target.checked)}
            />
            <span>{t('money.receipt.ryoshusho')}</span>
          </label>
          {!slip && stampDuty > 0 && (
            <p className="notice warn" role="note">
              {t('money.receipt.stampNeeded', { amount: fmt.money(stampDuty) })}
            </p>
          )}
          {ryoshusho && (
            <div className="inline-fields">
              <label className="field">
                <span>{t('money.receipt.addressee')}</span>
                <input
                  type="text"
                  value={addressee}
                  maxLength={100}
                  onChange={(e) => setAddressee(e.target.value)}
                />
              </label>
              <label className="field">
                <span>{t('money.receipt.purpose')}</span>
                <input
                  type="text"
                  value={forWhat}
                  maxLength={100}
                  placeholder={t('money.receipt.purposeExample')}
                  onChange={(e) => setForWhat(e.target.value)}
                />
              </label>
            </div>
          )}
        </fieldset>
      )}
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={busy !== null}
          onClick={() => void run('print')}
        >
          {busy === 'print' ? t('money.receipt.printing') : t('money.receipt.print', { what })}
        </button>
        <button type="button" disabled={busy !== null} onClick={() => void run('pdf')}>
          {t('money.receipt.pdf')}
        </button>
        <button type="button" disabled={busy !== null} onClick={() => void run('preview')}>
          {t('money.receipt.preview')}
        </button>
      </div>
      <p role="status" className="hint">
        {busy === 'pdf' || busy === 'preview'
          ? t('common.loading')
          : done === 'queued'
            ? t('printer.receiptQueued')
            : done && t(`money.receipt.done.${done}`)}
      </p>
      {reason !== null && (
        <p className="notice warn" role="alert">
          {t('money.receipt.printFailed', { reason: reasonWords(reason) })}
        </p>
      )}
      {error && <ErrorNote code={error.code} />}
      {preview && <DocumentView html={preview} label={t('money.receipt.previewOf', { what })} />}
    </section>
  );
}
