/**
 * A receipt as it was issued, drawn again from its blocks (office/protocol/books.ts ReceiptCopy)
 * and marked 「控え」/ "COPY" in the receipt's own language, in words at its top and across it:
 * a printout of this page must never pass for the original. The QR is not drawn; its number is.
 */
import type { ReceiptCopy } from '../../../../protocol/books';
import { CATALOGUES } from '../../i18n';

type Block = ReceiptCopy['blocks'][number];
type Row = Extract<Block, { kind: 'rows' }>['rows'][number];

/** A style the counter named (bold, big, right…) as a class of ours; anything else, none. */
function styleClass(style: string): string {
  return /^[a-z]{1,10}$/.test(style) ? ` style-${style}` : '';
}

export function ReceiptCopyView({ copy, reissue }: { copy: ReceiptCopy; reissue: boolean }) {
  const words = CATALOGUES[copy.locale].record;
  return (
    <article
      className="receipt-copy"
      lang={copy.locale}
      aria-label={`${words.copyMark}: ${copy.title}`}
      // Drawn across the receipt by the style sheet (::after), beside the mark in words above.
      data-mark={words.copyMark}
    >
      <p className="copy-mark">
        {words.copyMark}
        {reissue && ` · ${words.reissue}`}
      </p>
      {copy.blocks.map((block, i) => (
        <BlockView key={i} block={block} code={words.code} />
      ))}
    </article>
  );
}

function BlockView({ block, code }: { block: Block; code: string }) {
  switch (block.kind) {
    case 'title':
      return <h3 className="receipt-title">{block.text}</h3>;
    case 'code':
      return (
        <p className="receipt-code">
          {code}: {block.text}
        </p>
      );
    case 'stamp':
      return <p className="receipt-stamp">{block.text}</p>;
    case 'notice':
    case 'addressee':
    case 'purpose':
      return <p className={`receipt-${block.kind}`}>{block.text}</p>;
    case 'issuer':
      return (
        <div className="receipt-issuer">
          <p className="receipt-business">{block.business}</p>
          {block.lines.map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </div>
      );
    case 'rows':
      return (
        <div className="receipt-rows">
          {block.rows.map((row, i) => (
            <RowView key={i} row={row} />
          ))}
        </div>
      );
  }
}

function RowView({ row }: { row: Row }) {
  switch (row.kind) {
    case 'pair':
      return (
        <p className={`receipt-pair${styleClass(row.style)}`}>
          <span>{row.left}</span>
          <span>{row.right}</span>
        </p>
      );
    case 'text':
      return <p className={`receipt-text${styleClass(row.style)}`}>{row.text}</p>;
    case 'product':
      return (
        <p className="receipt-product">
          <span>{row.name}</span>
          <span>{row.detail}</span>
        </p>
      );
  }
}
