/** Our drawn pictures served as SVG, which WeChat shows no share thumbnail for. */
const SVG_PICTURE = /^(\/api\/(?:film\/poster|goods\/image)\/[^/?#]+)\.svg$/;

/**
 * The picture a share message carries: a poster or goods picture of ours as its PNG twin
 * (`{id}.png`, rendered by the server), anything else unchanged.
 */
export function sharePictureOf(imgUrl: string): string {
  const match = SVG_PICTURE.exec(imgUrl);
  return match ? `${match[1]}.png` : imgUrl;
}
