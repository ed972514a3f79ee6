import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Printing on the till's 80 mm thermal printer through the browser's print dialog: what to print
 * is rendered into a layer of its own that the screen never shows; while printing, only that layer
 * is shown, on pages 80 mm wide as long as their content (`@page { size: 80mm auto }`). Each
 * `.thermal-page` starts a new slip (the printer cuts between them).
 */
const STYLE_ID = 'thermal-print-style';

const css = `
.thermal-print { display: none; }
@media print {
  @page { size: 80mm auto; margin: 0; }
  html, body { background: #fff !important; }
  body > *:not(.thermal-print) { display: none !important; }
  .thermal-print { display: block; width: 80mm; color: #000; font-family: "PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif; }
  .thermal-page { box-sizing: border-box; width: 80mm; padding: 3mm 4mm 6mm; break-after: page; page-break-after: always; }
  .thermal-page:last-child { break-after: auto; page-break-after: auto; }
}
.thermal-page { font-size: 12px; line-height: 1.45; }
.thermal-page h1 { font-size: 16px; margin: 0 0 2mm; text-align: center; }
.thermal-page h2 { font-size: 20px; margin: 1mm 0; }
.thermal-page .thermal-center { text-align: center; }
.thermal-page .thermal-rule { border-top: 1px dashed #000; margin: 2mm 0; }
.thermal-page .thermal-row { display: flex; justify-content: space-between; gap: 2mm; }
.thermal-page .thermal-big { font-size: 18px; font-weight: 700; }
.thermal-page .thermal-mark { display: inline-block; border: 2px solid #000; padding: 0 2mm; font-weight: 700; font-size: 16px; }
.thermal-page .thermal-qr { display: flex; justify-content: center; margin: 2mm 0; }
`;

function ensureStyle(): void {
  if (document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = css;
  document.head.appendChild(style);
}

/**
 * The slips to print, kept in the print layer while mounted. `isPending` is true from the
 * cashier's tap until the dialog has opened (`onPrinted` then clears it), so slips mounted again
 * later (a dialog reopened) are not printed a second time by surprise.
 */
export function ThermalPrint(props: {
  children: ReactNode;
  isPending: boolean;
  onPrinted: () => void;
}) {
  const { isPending } = props;
  const onPrinted = useRef(props.onPrinted);
  useEffect(() => {
    onPrinted.current = props.onPrinted;
  });
  ensureStyle();
  useEffect(() => {
    if (!isPending) return;
    // Let the browser lay the slips out before the dialog takes a picture of the page.
    const frame = requestAnimationFrame(() => {
      window.print();
      onPrinted.current();
    });
    return () => cancelAnimationFrame(frame);
  }, [isPending]);
  return createPortal(
    <div className="thermal-print" data-testid="thermal-print">
      {props.children}
    </div>,
    document.body,
  );
}
