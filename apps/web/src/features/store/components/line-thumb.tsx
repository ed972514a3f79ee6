import type { CartLine } from '../cart-store';

/** A line's picture, goods name and variant name. */
export function LineThumb(props: {
  line: Pick<CartLine, 'imageUrl' | 'goodsName' | 'goodsInfoName'>;
}) {
  const { line } = props;
  return (
    <>
      <img className="line-item__image" src={line.imageUrl} alt="" width={56} height={56} />
      <span className="line-item__names">
        <strong>{line.goodsName}</strong>
        <small>{line.goodsInfoName}</small>
      </span>
    </>
  );
}
